// What the keepers' watch says, round after round: each condition once when it starts and once when it ends,
// never twice, also across a restart that reads the state file back; a round that cannot tell changes nothing.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { KeepersReport, MaintainerRow, SolvencyReport, Verdict } from '@shared/keepers'
import { observeKeepers, type KeepersCheckSettings } from '../../../../src/main/watch/keepers-events'
import { WatchState } from '../../../../src/main/watch'
import type { EventDraft } from '../../../../src/main/watch/types'
import { tempDir } from './helpers'

const NOW0 = 1_800_000_000_000
const SETTINGS: KeepersCheckSettings = { maintainers: true, solvency: true, heartbeatStaleSec: 300, maxScannerLag: 10, confirmRounds: 2 }
const address = (i: number): string => `0x${(i + 1).toString(16).padStart(40, '0')}`

interface NodeRound {
  up: boolean
  /** seconds since the heartbeat */
  beatAge: number
  lag: number | null
  slash: number
}
interface Round {
  nodes: NodeRound[]
  verdict: Verdict['kind']
}

function maintainer(i: number, n: NodeRound, now: number): MaintainerRow {
  return {
    address: address(i),
    status: 4,
    statusName: 'active',
    lastHeartbeatTime: Math.floor(now / 1000) - n.beatAge,
    lastActiveEpoch: '7',
    p2pAddress: `10.0.0.${i}`,
    slashPoints: String(n.slash),
    node: n.up
      ? { reachable: true, url: `http://10.0.0.${i}:6040`, p2pId: null, peerCount: 20, relayHeight: 1, errors: [], scanners: [{ chain: 'Bsc', chainHeight: 100, scannerHeight: 100 - (n.lag ?? 0), lag: n.lag }] }
      : { reachable: false, url: `http://10.0.0.${i}:6040`, reason: 'connection refused' }
  }
}

function verdict(kind: Verdict['kind']): Verdict {
  if (kind === 'short') return { kind, pct: '-50' }
  if (kind === 'cannot-judge-yet') return { kind, lagBlocks: 40, reason: 'lags' }
  if (kind === 'cannot-check-here') return { kind, reason: 'no RPC' }
  return { kind }
}

function reports(r: Round, now: number): { keepers: KeepersReport; solvency: SolvencyReport } {
  const keepers: KeepersReport = {
    relayRpc: 'http://relay',
    contracts: { maintainers: address(90), tssManager: address(91), viewController: address(92) },
    epoch: '7',
    epochInfo: { electedBlock: '1', startBlock: '2', endBlock: '0', migratedBlock: '3' },
    tssStatus: 3,
    tssStatusName: 'completed',
    maintainers: r.nodes.map((n, i) => maintainer(i, n, now)),
    problems: [],
    readAt: now
  }
  const solvency: SolvencyReport = {
    relayRpc: 'http://relay',
    viewController: address(92),
    thresholdPct: '1',
    maxScannerLag: 10,
    vaults: [
      {
        pubkey: `0x04${'ab'.repeat(64)}`,
        members: [],
        chains: [
          {
            chainId: '56',
            chainName: 'Bsc',
            router: address(93),
            rpc: 'http://bsc',
            block: { number: '10', tag: 'finalized', depth: 0 },
            scannerLag: null,
            problem: null,
            tokens: [{ token: address(94), native: false, booked: '100', pendingOut: '0', bookedDecimals: 18, onChain: r.verdict === 'short' ? '50' : '100', chainDecimals: 18, gap: '0', gapPct: '0', verdict: verdict(r.verdict) }]
          }
        ]
      }
    ],
    problems: [],
    readAt: now
  }
  return { keepers, solvency }
}

/** Runs rounds on a state as the watcher would (ids announced once, per the state), and what was said. */
function run(state: WatchState, rounds: readonly Round[], from: number): EventDraft[] {
  const said: EventDraft[] = []
  rounds.forEach((r, k) => {
    const now = NOW0 + (from + k) * 60_000
    observeKeepers(
      reports(r, now),
      state.profile('p').keepers,
      SETTINGS,
      (draft) => {
        if (state.wasAnnounced('p', draft.id)) return false
        state.markAnnounced('p', draft.id)
        said.push(draft)
        return true
      },
      now
    )
  })
  return said
}

const nodeRound = fc.record({ up: fc.boolean(), beatAge: fc.integer({ min: 0, max: 900 }), lag: fc.option(fc.integer({ min: 0, max: 40 })), slash: fc.integer({ min: 0, max: 5 }) })
const roundsArb = fc.array(fc.record({ nodes: fc.array(nodeRound, { minLength: 3, maxLength: 3 }), verdict: fc.constantFrom<Verdict['kind']>('ok', 'short', 'cannot-judge-yet', 'cannot-check-here') }), { minLength: 1, maxLength: 12 })

const START_END: Record<string, string> = {
  'keeper-heartbeat-stale': 'keeper-heartbeat-resumed',
  'keeper-node-down': 'keeper-node-up',
  'keeper-scanner-lagging': 'keeper-scanner-caught-up',
  'vault-short': 'vault-solvent'
}
const subject = (e: EventDraft): string => {
  const x = e as EventDraft & { maintainer?: string; chain?: string; token?: string }
  return `${x.maintainer ?? x.token ?? ''}|${x.chain ?? ''}`
}

describe("the keepers' events", () => {
  it('each condition is said when it starts and when it ends, alternately, never twice in a row', async () => {
    await fc.assert(
      fc.asyncProperty(roundsArb, async (rounds) => {
        const said = run(await WatchState.open(null), rounds, 0)
        for (const [start, end] of Object.entries(START_END)) {
          const bySubject = new Map<string, string[]>()
          for (const e of said.filter((x) => x.kind === start || x.kind === end)) bySubject.set(subject(e), [...(bySubject.get(subject(e)) ?? []), e.kind])
          for (const seq of bySubject.values()) seq.forEach((k, i) => expect(k).toBe(i % 2 === 0 ? start : end))
        }
        expect(new Set(said.map((e) => e.id)).size).toBe(said.length)
      })
    )
  })

  it('a restart that reads the state file back says nothing again and misses nothing', async () => {
    await fc.assert(
      fc.asyncProperty(roundsArb, fc.nat(), async (rounds, cutAt) => {
        const cut = cutAt % (rounds.length + 1)
        const whole = run(await WatchState.open(null), rounds, 0)
        const dir = tempDir()
        const first = await WatchState.open(dir)
        const before = run(first, rounds.slice(0, cut), 0)
        await first.save(NOW0)
        const after = run(await WatchState.open(dir), rounds.slice(cut), cut)
        expect([...before, ...after].map((e) => e.id)).toEqual(whole.map((e) => e.id))
      }),
      { numRuns: 40 }
    )
  })

  it('a node must fail the confirm rounds in a row; a vault that cannot be judged stays as it was said', async () => {
    const ok: NodeRound = { up: true, beatAge: 10, lag: 0, slash: 0 }
    const down: NodeRound = { ...ok, up: false }
    const kinds = async (rounds: Round[]): Promise<string[]> => run(await WatchState.open(null), rounds, 0).map((e) => e.kind)
    expect(await kinds([{ nodes: [down], verdict: 'ok' }, { nodes: [ok], verdict: 'ok' }, { nodes: [down], verdict: 'ok' }])).toEqual([])
    expect(await kinds([{ nodes: [down], verdict: 'ok' }, { nodes: [down], verdict: 'ok' }, { nodes: [ok], verdict: 'ok' }])).toEqual(['keeper-node-down', 'keeper-node-up'])
    expect(await kinds([{ nodes: [ok], verdict: 'short' }, { nodes: [ok], verdict: 'cannot-judge-yet' }, { nodes: [ok], verdict: 'short' }, { nodes: [ok], verdict: 'ok' }])).toEqual(['vault-short', 'vault-solvent'])
    // a node that does not answer says nothing of its scanner: a lag said before is not taken back
    const lagging: NodeRound = { ...ok, lag: 30 }
    expect(await kinds([{ nodes: [lagging], verdict: 'ok' }, { nodes: [lagging], verdict: 'ok' }, { nodes: [down], verdict: 'ok' }, { nodes: [lagging], verdict: 'ok' }])).toEqual(['keeper-scanner-lagging'])
  })

  it('slash points are said each time they rise within an epoch, never when they stay or fall', async () => {
    const at = (slash: number): Round => ({ nodes: [{ up: true, beatAge: 10, lag: 0, slash }], verdict: 'ok' })
    const said = run(await WatchState.open(null), [at(1), at(1), at(3), at(3), at(2), at(4)], 0)
    expect(said.map((e) => (e.kind === 'keeper-slash-rising' ? `${e.before}→${e.after}` : e.kind))).toEqual(['1→3', '2→4'])
  })

  it('with the maintainers check off, no maintainer is said; with solvency off, no vault', async () => {
    const bad: Round = { nodes: [{ up: false, beatAge: 900, lag: 30, slash: 1 }], verdict: 'short' }
    const state = await WatchState.open(null)
    const said: string[] = []
    for (let k = 0; k < 3; k++)
      observeKeepers(reports(bad, NOW0 + k), state.profile('p').keepers, { ...SETTINGS, maintainers: false }, (d) => (said.push(d.kind), true), NOW0 + k)
    expect(said).toEqual(['vault-short'])
    said.length = 0
    const state2 = await WatchState.open(null)
    for (let k = 0; k < 3; k++)
      observeKeepers(reports(bad, NOW0 + k), state2.profile('p').keepers, { ...SETTINGS, solvency: false }, (d) => (said.push(d.kind), true), NOW0 + k)
    expect(said.sort()).toEqual(['keeper-heartbeat-stale', 'keeper-node-down'])
  })
})
