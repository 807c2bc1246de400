// The keepers' series keep what they made for a round until the next round: a scrape between rounds must read
// exactly what a registry made fresh from the same round would read (the memo is invisible), and a new round
// (values changed, maintainers gone, a node gone silent) shows at the very next scrape.
import fc from 'fast-check'
import { Registry } from 'prom-client'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { registerKeepersMetrics, type KeepersMetricsSource } from '../../../src/cli/keepers-metrics'
import type { KeepersReport, MaintainerRow, SolvencyReport, Verdict } from '../../../src/shared/keepers'
import type { KeepersStanding } from '../../../src/main/watch'

const NOW_S = 1_800_000_000

const maintainerArb = (i: number): fc.Arbitrary<MaintainerRow> =>
  fc.record({
    heartbeat: fc.option(fc.integer({ min: NOW_S - 3_600, max: NOW_S }), { nil: null }),
    slash: fc.option(fc.bigInt({ min: 0n, max: 10n ** 20n }).map(String), { nil: null }),
    node: fc.oneof(
      fc.constant(null),
      fc.constant({ reachable: false as const, url: null, reason: 'connection refused' }),
      fc.record({
        peers: fc.option(fc.integer({ min: 0, max: 40 }), { nil: null }),
        lags: fc.array(fc.tuple(fc.constantFrom('Bsc', 'Eth', 'Map', 'Ev\u0007il <chain>'), fc.option(fc.integer({ min: 0, max: 500 }), { nil: null })), { maxLength: 3 })
      }).map(({ peers, lags }) => ({
        reachable: true as const,
        url: `http://10.0.0.${i + 1}:6040`,
        p2pId: null,
        peerCount: peers,
        relayHeight: null,
        errors: [],
        scanners: lags.map(([chain, lag]) => ({ chain, chainHeight: null, scannerHeight: null, lag }))
      }))
    )
  }).map(({ heartbeat, slash, node }) => ({
    address: `0x${(i + 1).toString(16).padStart(40, '0')}`,
    status: 4,
    statusName: 'Active (4)',
    lastHeartbeatTime: heartbeat,
    lastActiveEpoch: '9',
    p2pAddress: `10.0.0.${i + 1}`,
    slashPoints: slash,
    node
  }))

const keepersArb: fc.Arbitrary<KeepersReport> = fc
  .integer({ min: 0, max: 6 })
  .chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => maintainerArb(i))))
  .map((maintainers) => ({
    relayRpc: 'http://relay.example',
    contracts: { maintainers: `0x${'a1'.repeat(20)}`, tssManager: `0x${'a2'.repeat(20)}`, viewController: `0x${'a3'.repeat(20)}` },
    epoch: '9',
    epochInfo: { electedBlock: '1', startBlock: '2', endBlock: '0', migratedBlock: '3' },
    tssStatus: null,
    tssStatusName: null,
    maintainers,
    problems: [],
    readAt: NOW_S * 1000
  }))

const VERDICT_OF: Record<Verdict['kind'], Verdict> = {
  ok: { kind: 'ok' },
  short: { kind: 'short', pct: '-2' },
  'cannot-judge-yet': { kind: 'cannot-judge-yet', lagBlocks: 40, reason: 'the scanners lag' },
  'cannot-check-here': { kind: 'cannot-check-here', reason: 'not an EVM chain' }
}

const solvencyArb: fc.Arbitrary<SolvencyReport> = fc
  .array(fc.tuple(fc.constantFrom<Verdict['kind']>('ok', 'short', 'cannot-judge-yet', 'cannot-check-here'), fc.option(fc.integer({ min: -50, max: 50 }).map(String), { nil: null })), { maxLength: 3 })
  .map((tokens) => ({
    relayRpc: 'http://relay.example',
    viewController: `0x${'a3'.repeat(20)}`,
    thresholdPct: '1',
    maxScannerLag: 10,
    vaults: [
      {
        pubkey: `0x04${'5c'.repeat(64)}`,
        members: [] as string[],
        chains: [
          {
            chainId: '56',
            chainName: 'Bsc',
            router: `0x${'b5'.repeat(20)}`,
            rpc: null,
            block: null,
            scannerLag: null,
            problem: null,
            tokens: tokens.map(([verdict, gapPct], i) => ({
              token: `0x${(i + 1).toString(16).padStart(40, '0')}`,
              native: false,
              booked: '100',
              pendingOut: '0',
              bookedDecimals: 18,
              onChain: null,
              chainDecimals: null,
              gap: null,
              gapPct,
              verdict: VERDICT_OF[verdict]
            }))
          }
        ]
      }
    ],
    problems: [],
    readAt: NOW_S * 1000
  }))

const standingArb: fc.Arbitrary<KeepersStanding | null> = fc.option(
  fc.record({ keepers: fc.option(keepersArb, { nil: null }), solvency: fc.option(solvencyArb, { nil: null }) }).map((round) => ({ round, at: NOW_S * 1000 })),
  { nil: null }
)

function sourceOf(current: () => KeepersStanding | null): KeepersMetricsSource {
  return { maintainers: true, solvency: true, last: current, up: () => (current() === null ? null : true) }
}

async function freshText(standing: KeepersStanding | null): Promise<string> {
  const registry = new Registry()
  registerKeepersMetrics(registry, sourceOf(() => standing))
  return registry.metrics()
}

describe("the keepers' series between rounds", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(NOW_S * 1000 + 30_000)
  })
  afterEach(() => vi.useRealTimers())

  it('every scrape reads what a registry made fresh from the same round reads, whatever rounds and scrapes come in any order', async () => {
    await fc.assert(
      // a poller has no round until its first, and always one after
      fc.asyncProperty(fc.array(fc.tuple(standingArb, fc.integer({ min: 1, max: 3 })), { minLength: 1, maxLength: 6 }).filter((rs) => rs.every(([s], i) => s !== null || rs.slice(0, i).every(([p]) => p === null))), async (rounds) => {
        let current: KeepersStanding | null = null
        const registry = new Registry()
        registerKeepersMetrics(registry, sourceOf(() => current))
        for (const [standing, scrapes] of rounds) {
          current = standing
          for (let k = 0; k < scrapes; k++) {
            // the heartbeat's age moves with the clock between scrapes; everything else stays the round's
            vi.setSystemTime(NOW_S * 1000 + 30_000 + k * 15_000)
            expect(await registry.metrics()).toBe(await freshText(standing))
          }
        }
      }),
      { numRuns: 60 }
    )
  })

  it('a scrape between rounds does not make the series again', async () => {
    const standing = fc.sample(standingArb.filter((s) => (s?.round.keepers?.maintainers.length ?? 0) > 2), { numRuns: 1, seed: 7 })[0] as KeepersStanding
    let lastCalls = 0
    const registry = new Registry()
    registerKeepersMetrics(registry, sourceOf(() => (lastCalls++, standing)))
    await registry.metrics()
    const first = lastCalls
    await registry.metrics()
    // each memoised gauge asks which round it is (one call) and finds it the same; only the live ones read it
    expect(lastCalls - first).toBeLessThan(first)
  })
})
