// Epoch input for the Vault view: 'latest', a decimal or a 0x hex number, shown back as the canonical hex
// quantity the node is asked for (main applies the same rule before the request: this is only for display
// and for the previous/next buttons).
import { parseEpoch as parseShared, type EpochQuery } from '@shared/epoch'

export type { EpochQuery }

/** As main's rule, plus an empty box meaning 'latest'. */
export function parseEpoch(input: string): EpochQuery | null {
  return input.trim() === '' ? 'latest' : parseShared(input)
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
