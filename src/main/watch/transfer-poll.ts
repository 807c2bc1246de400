// Watched transfers and addresses. A transfer is polled (queryBridgeInfo) until its destination leg is filled,
// less often as it ages and not past the maximum watch age; a state change or a newly filled leg is one event,
// a transfer pending past its route's threshold one "stuck" alert. An address's first history page is compared
// with the hashes seen last time (the first poll sets the baseline silently).
import { createHash } from 'node:crypto'
import type { ChainContradiction, TransferLeg } from '@shared/watch'
import { isAwaited, routeOf, transferOfDetail, type Transfer } from '@shared/transfer'
import { STATE_NOT_PROVIDED } from '@shared/schemas/origin'
import { OUTCOME_WORDS, type Outcome } from '@shared/outcome'
import { transferDelayMs } from './backoff'
import type { Poller, PollReport, PollRun } from './poller'
import { newTransferState, type ProfileWatchState, type WatchState } from './state'
import type { Announce, WatchClient, WatchSettings, WatchTargets } from './types'
import { watchOnChain, type WatchChainCheck } from './chain-watch'

export interface TransferPollDeps {
  client: Pick<WatchClient, 'queryBridgeInfo' | 'queryHistory'>
  state: ProfileWatchState
  announce: Announce
  now: () => number
  settings: WatchSettings
  targets: WatchTargets
  signal: AbortSignal
  /** each polled transfer checked on its chains too; absent, not */
  chainCheck?: WatchChainCheck
}

const MAX_BASELINE = 100

/** Which legs of a transfer have a hash: the meanings of `state` are not published, filled legs are facts. */
export function filledLegs(t: Pick<Transfer, 'legs'>): TransferLeg[] {
  const legs: TransferLeg[] = []
  if (t.legs.relay?.hash) legs.push('relayer')
  if (t.legs.destination.hash) legs.push('destination')
  return legs
}

export function stuckThresholdMinutes(s: WatchSettings, route: string): number {
  return s.stuckThresholds.routes[route] ?? s.stuckThresholds.defaultMinutes
}

async function pollOne(d: TransferPollDeps, txHash: string, addedAt: number, force: boolean, only: boolean): Promise<void> {
  const key = txHash.toLowerCase()
  const ts = (d.state.transfers[key] ??= newTransferState())
  // A completed transfer is asked again only when the user re-checks that very transfer, or while its
  // chains have not yet confirmed it for good.
  const chainOpen = d.chainCheck !== undefined && !ts.chainSettled
  if (!ts.pending && !only && !chainOpen) return
  const now = d.now()
  const since = ts.watchFrom ?? addedAt
  const age = now - since
  if (!force) {
    if (age > d.settings.maxWatchAgeHours * 3_600_000) return
    const interval = d.settings.pollIntervals.transfersSec * 1000
    if (ts.lastPollAt !== null && now - ts.lastPollAt < transferDelayMs(interval, age) - 500) return
  }
  const detail = await d.client.queryBridgeInfo(txHash, { signal: d.signal })
  // what the watcher says of it is read from our own model, whatever service answered
  const t = transferOfDetail(detail)
  const state = t.state.number ?? STATE_NOT_PROVIDED
  const legs = filledLegs(t)
  const added = legs.filter((l) => !ts.legs.includes(l))
  const first = ts.lastPollAt === null
  ts.lastPollAt = now
  const outcome = t.outcome
  // a refund or a failure is one event of its own, which says the state change too
  const endedNow = (outcome === 'refunded' || outcome === 'failed') && ts.outcome !== outcome
  if (!first && !endedNow && (state !== ts.state || added.length > 0)) {
    const what = [
      ...(state !== ts.state ? [`state ${ts.state ?? '?'} → ${state}`] : []),
      ...added.map((l) => `${l} leg filled`)
    ]
    d.announce({
      kind: 'transfer-change',
      id: `transfer-change:${key}:${state}:${legs.join('+')}`,
      txHash: key,
      stateBefore: ts.state,
      stateAfter: state,
      legsFilled: added,
      title: `Transfer ${key.slice(0, 10)}… changed`,
      body: what.join(', ')
    })
  }
  ts.state = state
  ts.legs = legs
  // The one rule of "not yet delivered" (src/shared/states.ts), as the app's stuck mark uses it: a refund or a
  // failure is not on its way, so it is never stuck.
  ts.pending = isAwaited(t)
  const { key: route, words: routeWords } = routeOf(t)
  if (endedNow) {
    // said once per transfer and outcome, the first poll included: a transfer added after it was refunded is news
    d.announce({
      kind: outcome,
      id: `${outcome}:${key}`,
      txHash: key,
      route,
      state,
      title: `Transfer ${key.slice(0, 10)}… ${outcome === 'refunded' ? 'was refunded' : 'failed'}`,
      body: `${OUTCOME_WORDS[outcome]} on route ${routeWords}: the service says state ${state}${t.state.word ? ` (${t.state.word})` : ''}.`
    })
  }
  ts.outcome = outcome
  if (!ts.pending) ts.deliveredAt ??= now
  if (chainOpen || (d.chainCheck && only)) {
    const announce = d.announce
    // one leg's RPC failing is that leg's "cannot check"; a check that throws costs only this round
    await watchOnChain(d.chainCheck!, { key, ts, detail, since, now, thresholdMinutes: stuckThresholdMinutes(d.settings, route), route, announce }).catch(() => undefined)
  }
  const pendingMinutes = Math.floor(age / 60_000)
  if (ts.pending && !ts.stuckAnnounced && pendingMinutes >= stuckThresholdMinutes(d.settings, route)) {
    ts.stuckAnnounced = true
    d.announce({
      kind: 'stuck',
      id: `stuck:${key}:${since}`,
      txHash: key,
      route,
      pendingMinutes,
      title: `Transfer ${key.slice(0, 10)}… looks stuck`,
      body: `Pending for ${pendingMinutes} min on route ${routeWords} (threshold ${stuckThresholdMinutes(d.settings, route)} min).`
    })
  }
}

async function pollAddress(d: TransferPollDeps, address: string, chainId: number): Promise<void> {
  const page = await d.client.queryHistory({ address, chainId, pageNo: 1, pageSize: 10 }, { signal: d.signal })
  const key = `${address.toLowerCase()}:${chainId}`
  const hashes = page.list.map((r) => r.hash.toLowerCase())
  const seen = d.state.addresses[key]
  if (seen) {
    const fresh = hashes.filter((h) => !seen.includes(h))
    if (fresh.length > 0) {
      d.announce({
        kind: 'new-transfers',
        id: `new-transfers:${key}:${createHash('sha256').update([...fresh].sort().join(',')).digest('hex').slice(0, 16)}`,
        address: address.toLowerCase(),
        chainId,
        hashes: fresh,
        title: `${fresh.length} new transfer${fresh.length === 1 ? '' : 's'} from ${address.slice(0, 10)}…`,
        body: `On chain ${chainId}: ${fresh.map((h) => `${h.slice(0, 10)}…`).join(', ')}`
      })
    }
  }
  d.state.addresses[key] = [...new Set([...hashes, ...(seen ?? [])])].slice(0, MAX_BASELINE)
}

/**
 * One round over the watchlists. `only` forces a poll of that transfer (a manual re-check restarts its
 * watch age); `force` polls every pending transfer now, whatever its age. A failing transfer or address does
 * not stop the others.
 */
export async function pollTransfers(d: TransferPollDeps, opts: { only?: string; force?: boolean } = {}): Promise<void> {
  const only = opts.only?.toLowerCase()
  for (const t of d.targets.transfers) {
    if (d.signal.aborted) return
    const key = t.txHash.toLowerCase()
    if (only !== undefined && key !== only) continue
    await pollOne(d, t.txHash, t.addedAt, opts.force === true || only !== undefined, only !== undefined).catch(() => undefined)
  }
  if (only !== undefined) return
  for (const a of d.targets.addresses) {
    for (const chainId of a.chainIds) {
      if (d.signal.aborted) return
      await pollAddress(d, a.address, chainId).catch(() => undefined)
    }
  }
}

export interface TransferPollerDeps {
  profileId: string
  client: Pick<WatchClient, 'queryBridgeInfo' | 'queryHistory'>
  state: WatchState
  settings: () => WatchSettings
  targets: () => WatchTargets
  /** its next poll is the status's (when no vault is watched: `watch transfer`) */
  leads?: boolean
  chainCheck?: WatchChainCheck
}

/**
 * The watch lists as a poller. Each transfer ages its own pace (backoff.ts's transferDelayMs), so the loop
 * itself never backs off: a failing transfer or address does not slow the others.
 */
export class TransferPoller implements Poller {
  readonly name = 'transfers'
  readonly backsOff = false
  readonly leads: boolean

  constructor(private readonly d: TransferPollerDeps) {
    this.leads = d.leads ?? false
  }

  intervalMs(): number {
    return this.d.settings().pollIntervals.transfersSec * 1000
  }

  async poll(run: PollRun): Promise<PollReport> {
    await pollTransfers(this.deps(run), { force: run.manual })
    return { failures: 0 }
  }

  /** A manual re-check of one transfer: a transfer past its watch age is watched again from now. */
  async recheckOne(txHash: string, run: PollRun): Promise<void> {
    const key = txHash.toLowerCase()
    const ts = this.state().transfers[key]
    if (ts) Object.assign(ts, { watchFrom: run.now(), pending: true, stuckAnnounced: false })
    await pollTransfers(this.deps(run), { only: key })
  }

  /** Watched transfers announced as stuck and still pending. */
  stuckTransfers(): string[] {
    return Object.entries(this.state().transfers)
      .filter(([, t]) => t.pending && t.stuckAnnounced)
      .map(([tx]) => tx)
  }

  /** Watched transfers by outcome, from their last answers; one not yet answered is not counted. */
  outcomes(): Record<Outcome, number> {
    const out: Record<Outcome, number> = { 'in-flight': 0, delivered: 0, refunded: 0, failed: 0, unknown: 0 }
    const watched = new Set(this.d.targets().transfers.map((t) => t.txHash.toLowerCase()))
    for (const [tx, t] of Object.entries(this.state().transfers)) if (t.outcome && watched.has(tx)) out[t.outcome] += 1
    return out
  }

  /** Watched transfers whose chains contradict the service now, by the worst way they do. */
  chainContradictions(): Record<ChainContradiction, number> {
    const out: Record<ChainContradiction, number> = { disagrees: 0, 'not-found': 0, reverted: 0 }
    const watched = new Set(this.d.targets().transfers.map((t) => t.txHash.toLowerCase()))
    for (const [tx, t] of Object.entries(this.state().transfers)) if (t.chainWorst && watched.has(tx)) out[t.chainWorst] += 1
    return out
  }

  /** Watched transfers still pending, with when watching began (for how long they have waited). */
  pendingTransfers(): { txHash: string; since: number }[] {
    const p = this.state().transfers
    return this.d
      .targets()
      .transfers.filter((t) => p[t.txHash.toLowerCase()]?.pending !== false)
      .map((t) => ({ txHash: t.txHash.toLowerCase(), since: t.addedAt }))
  }

  private state(): ProfileWatchState {
    return this.d.state.profile(this.d.profileId)
  }

  private deps(run: PollRun): TransferPollDeps {
    return { client: this.d.client, state: this.state(), announce: run.announce, now: run.now, settings: this.d.settings(), targets: this.d.targets(), signal: run.signal, ...(this.d.chainCheck ? { chainCheck: this.d.chainCheck } : {}) }
  }
}
