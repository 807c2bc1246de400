// What a round of the keepers' checks is news of. Each condition — a maintainer's heartbeat stale, its node
// down, its scanner lagging a chain, a vault short of a token on a chain — is said once when it starts (after
// `confirmRounds` rounds for the nodes and scanners, whose answers flap) and once when it ends, under ids made
// of the condition and since when it holds, kept in the watch state: a restart says neither again. A round
// that could not tell (a node down says nothing of its scanners; "cannot judge yet" nothing of a vault) leaves
// a condition as it was. Slash points are said each time they go up within an epoch.
import type { KeepersReport, MaintainerRow, SolvencyReport } from '@shared/keepers'
import type { KeeperCondition, KeepersWatchState } from './state'
import type { Announce, EventDraft } from './types'

export interface KeepersCheckSettings {
  maintainers: boolean
  solvency: boolean
  heartbeatStaleSec: number
  maxScannerLag: number
  /** rounds a node or scanner must be down or lagging before it is said (the watch's unreachable-after count) */
  confirmRounds: number
}

interface Observe {
  state: KeepersWatchState
  announce: Announce
  now: number
  seen: Set<string>
}

/** 0x4d4d…4d05: enough to tell a maintainer, short enough for a chat line. */
export function shortAddress(a: string): string {
  return a.length > 14 ? `${a.slice(0, 6)}…${a.slice(-4)}` : a
}

const minutesText = (ms: number): string => `${Math.max(1, Math.round(ms / 60_000))} min`

/**
 * One observation of a condition: true it holds, false it does not, null this round cannot tell. `start` and
 * `end` give the events, with the condition's `since`.
 */
function observe(
  o: Observe,
  key: string,
  holds: boolean | null,
  need: number,
  start: (since: number, c: KeeperCondition) => EventDraft,
  end: (since: number) => EventDraft
): void {
  o.seen.add(key)
  const c = (o.state.conditions[key] ??= { rounds: 0, since: null, on: false })
  if (holds === null) return
  if (holds) {
    // counted until said: a condition that holds on changes nothing more, so the state file is not rewritten
    if (!c.on) c.rounds += 1
    c.since ??= o.now
    if (!c.on && c.rounds >= need) {
      c.on = true
      o.announce(start(c.since, c))
    }
    return
  }
  if (c.on && c.since !== null) o.announce(end(c.since))
  Object.assign(c, { rounds: 0, since: null, on: false })
}

function heartbeat(o: Observe, m: MaintainerRow, s: KeepersCheckSettings): void {
  const who = shortAddress(m.address)
  const beat = m.lastHeartbeatTime
  const stale = beat === null || o.now / 1000 - beat > s.heartbeatStaleSec
  observe(
    o,
    `heartbeat|${m.address.toLowerCase()}`,
    stale,
    1,
    (since) => ({
      kind: 'keeper-heartbeat-stale',
      id: `keeper-heartbeat-stale:${m.address.toLowerCase()}:${since}`,
      maintainer: m.address,
      lastHeartbeat: beat,
      staleAfterSec: s.heartbeatStaleSec,
      title: `Maintainer ${who}: heartbeat stale`,
      body:
        beat === null
          ? `${m.address} has never sent a heartbeat to the Maintainers contract.`
          : `${m.address} last sent a heartbeat ${minutesText(o.now - beat * 1000)} ago (stale after ${minutesText(s.heartbeatStaleSec * 1000)}).`
    }),
    (since) => ({
      kind: 'keeper-heartbeat-resumed',
      id: `keeper-heartbeat-resumed:${m.address.toLowerCase()}:${since}`,
      maintainer: m.address,
      staleSince: since,
      title: `Maintainer ${who}: heartbeat resumed`,
      body: `${m.address} sends heartbeats again after ${minutesText(o.now - since)} without.`
    })
  )
}

function node(o: Observe, m: MaintainerRow, s: KeepersCheckSettings): void {
  const n = m.node
  if (n === null) return
  const who = shortAddress(m.address)
  const key = m.address.toLowerCase()
  observe(
    o,
    `node|${key}`,
    !n.reachable,
    s.confirmRounds,
    (since, c) => ({
      kind: 'keeper-node-down',
      id: `keeper-node-down:${key}:${since}`,
      maintainer: m.address,
      reason: n.reachable ? '' : n.reason,
      rounds: c.rounds,
      title: `Maintainer ${who}: node not answering`,
      body: `The health server of ${m.address}${n.url ? ` at ${n.url}` : ''} did not answer ${c.rounds} rounds in a row: ${n.reachable ? '' : n.reason}`
    }),
    (since) => ({
      kind: 'keeper-node-up',
      id: `keeper-node-up:${key}:${since}`,
      maintainer: m.address,
      downSince: since,
      title: `Maintainer ${who}: node answers again`,
      body: `The health server of ${m.address} answers again after ${minutesText(o.now - since)}.`
    })
  )
  if (!n.reachable) {
    // a node that does not answer tells nothing of its scanners: their conditions stand as they were
    for (const k of Object.keys(o.state.conditions)) if (k.startsWith(`scanner|${key}|`)) o.seen.add(k)
    return
  }
  for (const sc of n.scanners) {
    const chain = sc.chain
    observe(
      o,
      `scanner|${key}|${chain}`,
      sc.lag === null ? null : sc.lag > s.maxScannerLag,
      s.confirmRounds,
      (since) => ({
        kind: 'keeper-scanner-lagging',
        id: `keeper-scanner-lagging:${key}:${chain}:${since}`,
        maintainer: m.address,
        chain,
        lagBlocks: sc.lag ?? 0,
        maxLag: s.maxScannerLag,
        title: `Maintainer ${who}: ${chain} scanner lagging`,
        body: `The node of ${m.address} scans ${chain} ${sc.lag ?? 0} blocks behind the chain (more than ${s.maxScannerLag}).`
      }),
      (since) => ({
        kind: 'keeper-scanner-caught-up',
        id: `keeper-scanner-caught-up:${key}:${chain}:${since}`,
        maintainer: m.address,
        chain,
        lagBlocks: sc.lag ?? 0,
        laggingSince: since,
        title: `Maintainer ${who}: ${chain} scanner caught up`,
        body: `The node of ${m.address} scans ${chain} ${sc.lag ?? 0} blocks behind again, after ${minutesText(o.now - since)} lagging.`
      })
    )
  }
}

function slash(o: Observe, report: KeepersReport, m: MaintainerRow): void {
  const key = m.address.toLowerCase()
  if (m.slashPoints === null) return
  const before = o.state.slash[key]
  o.state.slash[key] = { epoch: report.epoch, points: m.slashPoints }
  if (!before || before.epoch !== report.epoch || BigInt(m.slashPoints) <= BigInt(before.points)) return
  o.announce({
    kind: 'keeper-slash-rising',
    id: `keeper-slash-rising:${report.epoch}:${key}:${m.slashPoints}`,
    maintainer: m.address,
    epoch: report.epoch,
    before: before.points,
    after: m.slashPoints,
    title: `Maintainer ${shortAddress(m.address)}: slash points rising`,
    body: `${m.address} has ${m.slashPoints} slash points in epoch ${report.epoch}, up from ${before.points}.`
  })
}

function solvency(o: Observe, report: SolvencyReport): void {
  for (const v of report.vaults) {
    const vault = v.pubkey.slice(0, 10)
    for (const c of v.chains) {
      const chain = c.chainName ? `${c.chainName} (${c.chainId})` : `chain ${c.chainId}`
      for (const t of c.tokens) {
        const key = `${v.pubkey.toLowerCase()}|${c.chainId}|${t.token.toLowerCase()}`
        const verdict = t.verdict
        const token = t.native ? 'the native coin' : `token ${shortAddress(t.token)}`
        observe(
          o,
          `short|${key}`,
          verdict.kind === 'short' ? true : verdict.kind === 'ok' ? false : null,
          1,
          (since) => ({
            kind: 'vault-short',
            id: `vault-short:${key}:${since}`,
            vault: v.pubkey,
            chainId: c.chainId,
            token: t.token,
            gap: t.gap,
            gapPct: verdict.kind === 'short' ? verdict.pct : (t.gapPct ?? ''),
            thresholdPct: report.thresholdPct,
            title: `Vault ${vault}… short on ${chain}`,
            body: `The router holds ${t.onChain ?? 'unknown'} of ${token} at the finalized block against ${t.booked} booked (${verdict.kind === 'short' ? verdict.pct : (t.gapPct ?? '?')} %, threshold ${report.thresholdPct} %); ${t.pendingOut} pending out is not counted.`
          }),
          (since) => ({
            kind: 'vault-solvent',
            id: `vault-solvent:${key}:${since}`,
            vault: v.pubkey,
            chainId: c.chainId,
            token: t.token,
            shortSince: since,
            title: `Vault ${vault}… holds its books on ${chain} again`,
            body: `The router holds ${t.onChain ?? 'unknown'} of ${token} against ${t.booked} booked, after ${minutesText(o.now - since)} short.`
          })
        )
      }
    }
  }
}

/** Announces what the round changed and keeps the conditions; what the round no longer names is dropped. */
export function observeKeepers(
  round: { keepers: KeepersReport | null; solvency: SolvencyReport | null },
  state: KeepersWatchState,
  s: KeepersCheckSettings,
  announce: Announce,
  now: number
): void {
  const o: Observe = { state, announce, now, seen: new Set() }
  const observed: string[] = []
  if (s.maintainers && round.keepers) {
    observed.push('heartbeat|', 'node|', 'scanner|')
    const listed = new Set(round.keepers.maintainers.map((m) => m.address.toLowerCase()))
    for (const m of round.keepers.maintainers) {
      heartbeat(o, m, s)
      node(o, m, s)
      slash(o, round.keepers, m)
    }
    for (const a of Object.keys(state.slash)) if (!listed.has(a)) delete state.slash[a]
  }
  if (s.solvency && round.solvency) {
    observed.push('short|')
    solvency(o, round.solvency)
  }
  for (const k of Object.keys(state.conditions))
    if (!o.seen.has(k) && observed.some((p) => k.startsWith(p))) delete state.conditions[k]
}
