// What the command palette makes of what was typed: an address, a transaction hash, or a view name.
import { TSS_TX_RE } from '@shared/tss-names'
import { VIEWS, type ViewId } from '../router.svelte'

export const ADDRESS_RE = /^0x[0-9a-fA-F]{40}$/
export const TX_HASH_RE = /^0x[0-9a-fA-F]{64}$/
const TRACE_RE = TSS_TX_RE

export type PaletteTarget =
  | { kind: 'address'; address: string; label: string; chainId?: number }
  | { kind: 'transfer'; txHash: string; label: string }
  | { kind: 'view'; view: ViewId; label: string }
  /** an order id or a hash on any leg, traced through MAP's TSS cross-chain API */
  | { kind: 'trace'; query: string; label: string }

/** A message for a tx hash input that is not one, or null when it is valid. */
export function txHashProblem(text: string): string | null {
  const t = text.trim()
  if (t === '') return 'Enter a source transaction hash.'
  if (!t.startsWith('0x')) return 'A transaction hash starts with 0x.'
  if (!/^0x[0-9a-fA-F]*$/.test(t)) return 'A transaction hash has only hex digits (0-9, a-f) after 0x.'
  if (t.length !== 66) return `A transaction hash is 0x followed by 64 hex digits; this one has ${t.length - 2}.`
  return null
}

export function paletteTargets(text: string): PaletteTarget[] {
  const t = text.trim()
  if (ADDRESS_RE.test(t)) return [{ kind: 'address', address: t, label: `Transfers of ${t}` }]
  // 0x + 64 hex is an EVM hash and an order id alike: the transfer first, the cross-chain trace beside it
  if (TX_HASH_RE.test(t)) return [{ kind: 'transfer', txHash: t, label: `Transfer ${t}` }, { kind: 'trace', query: t, label: `Trace cross-chain order ${t}` }]
  // a hash of another chain (no 0x: Bitcoin's hex, base58 signatures) is only the TSS API's to trace
  if (TRACE_RE.test(t) && /\d/.test(t) && t.length >= 32) return [{ kind: 'trace', query: t, label: `Trace cross-chain order ${t}` }]
  const q = t.toLowerCase()
  const views = VIEWS.filter((v) => q === '' || v.label.toLowerCase().includes(q) || v.id.includes(q))
  // the view named exactly what was typed first ("transfer" is Transfer, not Transfers), then those whose
  // name starts with it, then the rest
  const rank = (label: string): number => {
    const l = label.toLowerCase()
    return l === q ? 0 : l.startsWith(q) ? 1 : 2
  }
  views.sort((a, b) => rank(a.label) - rank(b.label))
  return views.map((v) => ({ kind: 'view', view: v.id, label: `Go to ${v.label}` }))
}
