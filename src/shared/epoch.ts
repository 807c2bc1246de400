// The one rule for naming a vault epoch, used by the node client in main (before a request) and by the Vault
// view (to show the canonical form as the user types): 'latest' in any case, a decimal, or 0x hex, turned
// into the hex quantity JSON-RPC wants ("0xc": lower case, no leading zeros).
export type EpochQuery = 'latest' | `0x${string}`

export function parseEpoch(input: string | number): EpochQuery | null {
  if (typeof input === 'number') return Number.isSafeInteger(input) && input >= 0 ? `0x${input.toString(16)}` : null
  const text = input.trim()
  if (text.toLowerCase() === 'latest') return 'latest'
  let value: bigint
  if (/^0[xX][0-9a-fA-F]{1,64}$/.test(text)) value = BigInt(`0x${text.slice(2)}`)
  else if (/^\d{1,78}$/.test(text)) value = BigInt(text)
  else return null
  return `0x${value.toString(16)}`
}
