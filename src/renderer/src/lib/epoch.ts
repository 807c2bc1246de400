// Epoch input for the Vault view: 'latest', a decimal or a 0x hex number, shown back as the canonical hex
// quantity the node is asked for (main applies the same rule before the request: this is only for display
// and for the previous/next buttons).
export type EpochQuery = 'latest' | `0x${string}`

export function parseEpoch(input: string): EpochQuery | null {
  const text = input.trim()
  if (text === '' || text.toLowerCase() === 'latest') return 'latest'
  let value: bigint
  if (/^0[xX][0-9a-fA-F]{1,64}$/.test(text)) value = BigInt(`0x${text.slice(2)}`)
  else if (/^\d{1,78}$/.test(text)) value = BigInt(text)
  else return null
  return `0x${value.toString(16)}`
}

/** The epoch number a record names (number, decimal text or hex text), or null. */
export function epochValue(value: unknown): bigint | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0 ? BigInt(value) : null
  if (typeof value !== 'string') return null
  const q = parseEpoch(value)
  return q === null || q === 'latest' ? null : BigInt(q)
}

export function toHex(value: bigint): EpochQuery {
  return `0x${value.toString(16)}`
}

/** "0x1f (31)" */
export function describeEpoch(value: bigint): string {
  return `${toHex(value)} (${value.toString()})`
}
