// What the command palette makes of what was typed: an address (on each chain it is known on, each
// suggestion naming its chain and opening there), a transaction hash, "epoch N", a theme word, or a view name.
import { TSS_TX_RE } from '@shared/tss-names'
import { parseEpoch } from '@shared/epoch'
import type { Theme } from '@shared/schemas/settings'
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
  /** the Vault view at an epoch, as typed ("epoch 4", "epoch 0x4") */
  | { kind: 'vault'; epoch: string; label: string }
  | { kind: 'theme'; theme: Theme; label: string }

/** What the palette knows beyond the text: chain names, addresses known on a chain, the chain to fall back on. */
export interface PaletteContext {
  chainName: (chainId: number) => string
  /** addresses with the chain they are known on (the demo's busiest, watched ones), busiest first */
  known: readonly { address: string; chainId: number; transfers?: number }[]
  /** the chain last used in Transfers, else the first chain; undefined when no chain list is at hand */
  fallbackChainId: number | undefined
}

const NO_CONTEXT: PaletteContext = { chainName: (id) => `chain ${id}`, known: [], fallbackChainId: undefined }

const THEMES: readonly Theme[] = ['dark', 'light', 'system']

function addressTarget(address: string, chainId: number, ctx: PaletteContext, transfers?: number): PaletteTarget {
  const count = transfers === undefined ? '' : ` (${transfers.toLocaleString('en-US')} transfers)`
  return { kind: 'address', address, chainId, label: `Transfers of ${address} on ${ctx.chainName(chainId)}${count}` }
}

/** An address once per chain, each naming its chain: where it is known first, then the fallback chain. */
function addressTargets(address: string, ctx: PaletteContext): PaletteTarget[] {
  const lower = address.toLowerCase()
  const out: PaletteTarget[] = []
  const seen = new Set<number>()
  for (const k of ctx.known) {
    if (k.address.toLowerCase() !== lower || seen.has(k.chainId)) continue
    seen.add(k.chainId)
    out.push(addressTarget(address, k.chainId, ctx, k.transfers))
  }
  if (ctx.fallbackChainId !== undefined && !seen.has(ctx.fallbackChainId)) out.push(addressTarget(address, ctx.fallbackChainId, ctx))
  if (out.length === 0) out.push({ kind: 'address', address, label: `Transfers of ${address}` })
  return out
}

/** The known addresses (once per chain) whose text holds what was typed: for a start of an address. */
function knownMatching(q: string, ctx: PaletteContext): PaletteTarget[] {
  const seen = new Set<string>()
  const out: PaletteTarget[] = []
  for (const k of ctx.known) {
    const key = `${k.address.toLowerCase()}|${k.chainId}`
    if (seen.has(key) || (q !== '' && !k.address.toLowerCase().includes(q))) continue
    seen.add(key)
    out.push(addressTarget(k.address, k.chainId, ctx, k.transfers))
  }
  return out
}

/** A message for a tx hash input that is not one, or null when it is valid. */
export function txHashProblem(text: string): string | null {
  const t = text.trim()
  if (t === '') return 'Enter a source transaction hash.'
  if (!t.startsWith('0x')) return 'A transaction hash starts with 0x.'
  if (!/^0x[0-9a-fA-F]*$/.test(t)) return 'A transaction hash has only hex digits (0-9, a-f) after 0x.'
  if (t.length !== 66) return `A transaction hash is 0x followed by 64 hex digits; this one has ${t.length - 2}.`
  return null
}

export function paletteTargets(text: string, ctx: PaletteContext = NO_CONTEXT): PaletteTarget[] {
  const t = text.trim()
  if (ADDRESS_RE.test(t)) return addressTargets(t, ctx)
  // 0x + 64 hex is an EVM hash and an order id alike: the transfer first, the cross-chain trace beside it
  if (TX_HASH_RE.test(t)) return [{ kind: 'transfer', txHash: t, label: `Transfer ${t}` }, { kind: 'trace', query: t, label: `Trace cross-chain order ${t}` }]
  // a hash of another chain (no 0x: Bitcoin's hex, base58 signatures) is only the TSS API's to trace
  if (TRACE_RE.test(t) && /\d/.test(t) && t.length >= 32) return [{ kind: 'trace', query: t, label: `Trace cross-chain order ${t}` }]
  const q = t.toLowerCase()
  const epoch = /^epoch\s+(\S+)$/i.exec(t)
  if (epoch) {
    const e = parseEpoch(epoch[1] ?? '')
    if (e !== null) return [{ kind: 'vault', epoch: epoch[1] ?? '', label: `Vault at epoch ${epoch[1]}${e === 'latest' ? '' : e !== epoch[1] ? ` (${e})` : ''}` }]
  }
  const themes: PaletteTarget[] =
    q.length >= 2 ? THEMES.filter((th) => th.startsWith(q) || (q.startsWith('theme') && th.startsWith(q.slice(5).trim()))).map((theme) => ({ kind: 'theme', theme, label: `Use the ${theme} theme` })) : []
  const addresses = q.startsWith('0x') && q.length >= 4 ? knownMatching(q, ctx) : q === '' ? knownMatching('', ctx) : []
  const views = VIEWS.filter((v) => q === '' || v.label.toLowerCase().includes(q) || v.id.includes(q))
  // the view named exactly what was typed first ("transfer" is Transfer, not Transfers), then those whose
  // name starts with it, then the rest
  const rank = (label: string): number => {
    const l = label.toLowerCase()
    return l === q ? 0 : l.startsWith(q) ? 1 : 2
  }
  views.sort((a, b) => rank(a.label) - rank(b.label))
  return [...addresses, ...themes, ...views.map((v): PaletteTarget => ({ kind: 'view', view: v.id, label: `Go to ${v.label}` }))]
}
