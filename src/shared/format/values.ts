// Values whose look must not change from view to view: stable values with fixed decimals, order ids with
// their 0x, and what is unknown written as unknown — never as a 0 a reader would take for a measurement.
import { formatDecimal, parseDecimal } from '../decimal'
import { outcomeOf } from '../states'
import type { Outcome } from '../outcome'

/** The word for a value the service has not given (yet): shown as is, never as 0 or an empty cell. */
export const UNKNOWN = 'unknown'

/** Stable values are dollar-like: always two decimals, so a column of them lines up ("1,234.50"). */
export const STABLE_DECIMALS = 2

/** "1,234.50" (with grouping) or "1234.50"; the text as sent when it is not a decimal. */
export function stableValueText(value: string, opts: { grouping?: boolean } = {}): string {
  let text: string
  try {
    text = formatDecimal(value, { maxFractionDigits: STABLE_DECIMALS, grouping: opts.grouping ?? true })
  } catch {
    return value
  }
  // the rounding drops trailing zeros of the fraction: put them back
  const dot = text.indexOf('.')
  const digits = dot === -1 ? 0 : text.length - dot - 1
  return (dot === -1 ? `${text}.` : text) + '0'.repeat(STABLE_DECIMALS - digits)
}

/** "1,234.50 USDT", or '—' when the record has no stable value (the dialect does not provide one). */
export function stableText(stable: { value: string; symbol: string } | null | undefined): string {
  return stable ? `${stableValueText(stable.value)} ${stable.symbol}` : '—'
}

const BARE_HEX_32 = /^[0-9a-fA-F]{64}$/

/** An order id as hex is written everywhere: with its 0x (the wire sometimes drops it); other ids as sent. */
export function orderIdText(id: string | null | undefined): string | null {
  if (!id) return null
  return BARE_HEX_32.test(id) ? `0x${id}` : id
}

/**
 * Whether a record's received amount is known: a transfer not delivered (on its way, refunded, failed)
 * carries inAmount "0" on the wire, which means "nothing received", not a measured zero.
 */
export function receivedKnown(r: {
  state: number
  outcome?: Outcome | undefined
  transferinHash: string | null | undefined
  inAmount: string
}): boolean {
  // delivered, or a receive transaction is known: the amount is what was received
  if (r.transferinHash || outcomeOf(r) === 'delivered') return true
  try {
    return parseDecimal(r.inAmount).units !== 0n
  } catch {
    return true
  }
}

