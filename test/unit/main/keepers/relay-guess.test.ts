// A watch's round asks the relay chain with last round's epoch, maintainers and vault keys as its guess, so a
// steady round is one round trip. What it reads must be what a first read (no guess) reads, whatever changed on
// the chain between two rounds: a new epoch with other maintainers, a list changed within an epoch, heartbeats,
// slash points, a new vault. Real parts: anvil with the keeper contracts, a counting proxy in front of it.
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Hex } from 'viem'
import { readKeepers, readSolvency } from '../../../../src/main/keepers'
import type { KeepersReport, SolvencyReport } from '@shared/keepers'
import { EPOCH, solvencyOptions, startKeeperNetwork, type KeeperNetwork } from '../../../support/keepers-network'
import { startLyingRpc, type LyingRpc } from '../../../support/lying-rpc'

let net: KeeperNetwork
let rpc: LyingRpc
let fresh = 0

beforeAll(async () => {
  net = await startKeeperNetwork(4)
  current = [...net.maintainers]
  rpc = await startLyingRpc(net.relay.url)
})
afterAll(async () => {
  await rpc?.close()
  await net?.stop()
})

const contracts = () => ({
  maintainers: net.relay.maintainers,
  tssManager: net.relay.tssManager,
  viewController: net.relay.viewController
})

/** A read through the counting proxy: `guessed` at its one URL (its guess kept round to round), else at a URL never asked before. */
function keepersAt(guessed: boolean): Promise<KeepersReport> {
  return readKeepers({ relayRpc: guessed ? rpc.url : `${rpc.url}/?first=${++fresh}`, contracts: contracts(), healthPort: null, http: { retries: 0 } })
}

function solvencyAt(guessed: boolean): Promise<SolvencyReport> {
  return readSolvency(solvencyOptions(net, { relayRpc: guessed ? rpc.url : `${rpc.url}/?first=${++fresh}` }))
}

const facts = <T extends { relayRpc: string; readAt: number }>(r: T): Omit<T, 'relayRpc' | 'readAt'> => {
  const { relayRpc: _at, readAt: _when, ...rest } = r
  return rest
}

/** The relay chain requests a read made: one per HTTP request, a batch counting once. */
async function requestsOf(read: () => Promise<unknown>): Promise<number> {
  const before = rpc.seen.length
  await read()
  return rpc.seen.length - before
}

type Change =
  | { kind: 'new-epoch'; members: number[] }
  | { kind: 'list-within-epoch'; members: number[] }
  | { kind: 'heartbeat'; who: number; at: number }
  | { kind: 'slash'; who: number; points: number }
  | { kind: 'new-vault'; key: number }

const members = fc.uniqueArray(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 4 })
const change: fc.Arbitrary<Change> = fc.oneof(
  fc.record({ kind: fc.constant('new-epoch' as const), members }),
  fc.record({ kind: fc.constant('list-within-epoch' as const), members }),
  fc.record({ kind: fc.constant('heartbeat' as const), who: fc.integer({ min: 0, max: 3 }), at: fc.integer({ min: 1, max: 2_000_000_000 }) }),
  fc.record({ kind: fc.constant('slash' as const), who: fc.integer({ min: 0, max: 3 }), points: fc.integer({ min: 0, max: 99 }) }),
  fc.record({ kind: fc.constant('new-vault' as const), key: fc.integer({ min: 1, max: 250 }) })
)

let epoch = EPOCH
/** the epoch's maintainers as the test last set them */
let current: Hex[] = []
async function apply(c: Change): Promise<void> {
  const pick = (ix: number[]): Hex[] => ix.map((i) => net.maintainers[i] as Hex)
  if (c.kind === 'new-epoch' || c.kind === 'list-within-epoch') current = pick(c.members)
  switch (c.kind) {
    case 'new-epoch':
      epoch += 1n
      await net.relay.write('TestMaintainers', 'setEpoch', [epoch, 100n, 110n, 0n, 0n, pick(c.members)])
      await net.relay.write('TestTSSManager', 'setStatus', [epoch, 3])
      for (const m of pick(c.members)) await net.relay.write('TestTSSManager', 'setSlashPoint', [epoch, m, 1n])
      return
    case 'list-within-epoch':
      await net.relay.write('TestMaintainers', 'setEpoch', [epoch, 100n, 110n, 0n, 0n, pick(c.members)])
      return
    case 'heartbeat':
      await net.relay.write('TestMaintainers', 'setMaintainer', [net.maintainers[c.who], 4, BigInt(c.at), epoch, net.fleet.nodes[c.who]!.host])
      return
    case 'slash':
      await net.relay.write('TestTSSManager', 'setSlashPoint', [epoch, net.maintainers[c.who], BigInt(c.points)])
      return
    case 'new-vault':
      await net.relay.write('TestViewController', 'addVault', [`0x04${c.key.toString(16).padStart(2, '0').repeat(64)}`, pick([0])])
      return
  }
}

describe("a round's guess at the relay chain", () => {
  it('a steady round reads the contracts in one round trip and the books in one more', async () => {
    await keepersAt(true)
    await solvencyAt(true)
    expect(await requestsOf(() => keepersAt(true))).toBe(1)
    // the books: one relay request; the chain's balances go to the chain's own RPC, not through this proxy
    expect(await requestsOf(() => solvencyAt(true))).toBe(1)
    // with no guess (a first round) the reads hang on each other: three, then two
    expect(await requestsOf(() => keepersAt(false))).toBe(3)
    expect(await requestsOf(() => solvencyAt(false))).toBe(2)
  })

  it('whatever changes between two rounds, a guessed round reads what a first read reads', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(change, { minLength: 1, maxLength: 4 }), async (changes) => {
        for (const c of changes) {
          await apply(c)
          const [guessedKeepers, firstKeepers] = [await keepersAt(true), await keepersAt(false)]
          expect(facts(guessedKeepers)).toEqual(facts(firstKeepers))
          // and what the test wrote is what both read (the decoded answers kept between rounds are not stale)
          expect(guessedKeepers.epoch).toBe(String(epoch))
          expect(guessedKeepers.maintainers.map((m) => m.address.toLowerCase())).toEqual(current.map((m) => m.toLowerCase()))
          const row = (who: number) => guessedKeepers.maintainers.find((m) => m.address.toLowerCase() === net.maintainers[who]?.toLowerCase())
          if (c.kind === 'heartbeat' && row(c.who)) expect(row(c.who)?.lastHeartbeatTime).toBe(c.at)
          if (c.kind === 'slash' && row(c.who)) expect(row(c.who)?.slashPoints).toBe(String(c.points))
          const [guessedBooks, firstBooks] = [await solvencyAt(true), await solvencyAt(false)]
          expect(facts(guessedBooks)).toEqual(facts(firstBooks))
        }
      }),
      { numRuns: 12 }
    )
  })
})
