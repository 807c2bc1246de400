// Reading a TSS order (src/shared/schemas/tss.ts) the way the app, the CLI and the watcher all show it: its
// status by MAP's names, its legs in order with the time each took, its route and its age.
import type { TssLeg, TssOrder } from './schemas/tss'
import { TSS_LEG_NAMES, TSS_TX_RE, type TssLegName } from './tss-names'

/** MAP's status names (api/tss-api.md, "status": StatusOfInit … StatusOfFailed), by number. */
export const TSS_STATUS_NAMES: Readonly<Record<string, string>> = {
  '0': 'Init',
  '1': 'Pending',
  '2': 'Send',
  '3': 'Completed',
  '4': 'Failed'
}

/** "Completed"; a value MAP does not name is shown as sent ("status 7"), never guessed at. */
export function tssStatusLabel(status: string | null): string {
  if (status === null) return 'status unknown'
  return TSS_STATUS_NAMES[status] ?? `status ${status}`
}

/** Whether the order is done for good (Completed or Failed): nothing more will happen to it. */
export function isFinalStatus(status: string | null): boolean {
  return status === '3' || status === '4'
}

export const TSS_LEG_LABELS: Readonly<Record<TssLegName, string>> = {
  src: 'Source',
  relay: 'Relay (MAP)',
  relay_signed: 'Relay signed',
  dest: 'Destination',
  map_dest: 'Recorded on MAP'
}

/** Unix seconds of an exact integer text, or null when absent, zero or beyond what a clock can mean. */
export function unixSeconds(value: string | null): number | null {
  if (value === null) return null
  const n = Number(value)
  return Number.isSafeInteger(n) && n > 0 ? n : null
}

export interface TracedLeg {
  name: TssLegName
  label: string
  leg: TssLeg
  /** seconds since the previous leg that has a time (null for the first, or without times) */
  tookSec: number | null
}

/** The legs the order has made, in order, each with the time it took after the one before. */
export function tracedLegs(order: TssOrder): TracedLeg[] {
  const out: TracedLeg[] = []
  let previous: number | null = null
  for (const name of TSS_LEG_NAMES) {
    const leg = order[name]
    if (!leg) continue
    const at = unixSeconds(leg.timestamp)
    out.push({ name, label: TSS_LEG_LABELS[name], leg, tookSec: at !== null && previous !== null ? Math.max(0, at - previous) : null })
    if (at !== null) previous = at
  }
  return out
}

/** The legs not made yet, by name (for "waiting for …"). */
export function missingLegs(order: TssOrder): TssLegName[] {
  return TSS_LEG_NAMES.filter((name) => order[name] === null)
}

const MASK64 = (1n << 64n) - 1n

/**
 * The route packed in `chain_and_gas_limit`: fromChain (8 bytes) | toChain (8 bytes) | 16 bytes of gas
 * fields, as MAP's gateway contracts build it (_getChainAndGasLimit; the BridgeOut event's comment). MAP's
 * own example decodes to 22776 → 56, the chains of its src and dest legs.
 */
export function routeOfChainAndGasLimit(value: string | null): { from: string; to: string } | null {
  if (value === null || !/^\d{1,80}$/.test(value)) return null
  const n = BigInt(value)
  if (n >> 256n !== 0n) return null
  const from = (n >> 192n) & MASK64
  const to = (n >> 128n) & MASK64
  return from > 0n && to > 0n ? { from: from.toString(), to: to.toString() } : null
}

/** Where the order goes: its src and dest legs' chains, else what its packed route says. */
export function tssRoute(order: TssOrder): { from: string | null; to: string | null } {
  let packed: { from: string; to: string } | null = null
  for (const name of TSS_LEG_NAMES) {
    packed ??= routeOfChainAndGasLimit(order[name]?.chain_and_gas_limit ?? null)
  }
  return {
    from: order.src?.chain || packed?.from || null,
    to: order.dest?.chain || packed?.to || null
  }
}

/** Seconds since the source leg (the order's start), by `nowSec`; null without a source time. */
export function tssOrderAgeSec(order: TssOrder, nowSec: number): number | null {
  const start = unixSeconds(order.src?.timestamp ?? null)
  return start === null ? null : Math.max(0, nowSec - start)
}

/** "3 h 05 min", "42 s": a duration for people. */
export function formatDuration(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds)) return '—'
  const s = Math.max(0, Math.round(seconds))
  if (s < 60) return `${s} s`
  if (s < 3600) return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`
  if (s < 86_400) return `${Math.floor(s / 3600)} h ${String(Math.floor((s % 3600) / 60)).padStart(2, '0')} min`
  return `${Math.floor(s / 86_400)} d ${Math.floor((s % 86_400) / 3600)} h`
}

/** Whether text looks like an order id (a bytes32), which MAP also uses for EVM transaction hashes. */
export function looksLikeOrderId(text: string): boolean {
  return /^0x[0-9a-fA-F]{64}$/.test(text.trim())
}

/** A message for trace input that is neither an order id nor a transaction hash, or null when it is one. */
export function traceProblem(text: string): string | null {
  const t = text.trim()
  if (t === '') return 'Enter an order id or a transaction hash.'
  if (!TSS_TX_RE.test(t)) return 'An order id or transaction hash is 16 to 128 letters and digits, with or without 0x.'
  return null
}
