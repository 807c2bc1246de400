// The keepers read from real parts: anvil as the relay chain with contracts shaped as MAP's ABIs, a second
// anvil chain whose router holds the vault's ERC-20, and compass-tss health servers answering as health.go.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readKeepers, readSolvency } from '../../../../src/main/keepers'
import type { SolvencyOptions } from '../../../../src/main/keepers'
import { solvencyOutcome, type ChainSolvency, type SolvencyReport } from '@shared/keepers'
import {
  BSC,
  EPOCH,
  ROUTER_FUNDS,
  solvencyOptions,
  startKeeperNetwork,
  VAULT_PUBKEY,
  type KeeperNetwork
} from '../../../support/keepers-network'

let net: KeeperNetwork

beforeAll(async () => {
  net = await startKeeperNetwork()
})
afterAll(async () => {
  await net?.stop()
})

const keepers = (healthPort: number | null = net.fleet.port) =>
  readKeepers({
    relayRpc: net.relay.url,
    contracts: {
      maintainers: net.relay.maintainers,
      tssManager: net.relay.tssManager,
      viewController: net.relay.viewController
    },
    healthPort,
    http: { retries: 0 }
  })

function solvency(extra: Partial<SolvencyOptions> = {}): Promise<SolvencyReport> {
  return readSolvency(solvencyOptions(net, extra))
}

const bscChain = (r: SolvencyReport): ChainSolvency =>
  r.vaults[0]!.chains.find((c) => c.chainId === String(BSC))!

describe('who keeps the vault', () => {
  it('reads the epoch, its 21 maintainers with status, heartbeat, slash points and each node', async () => {
    const r = await keepers()
    expect(r.epoch).toBe(String(EPOCH))
    expect(r.epochInfo).toEqual({ electedBlock: '100', startBlock: '110', endBlock: '0', migratedBlock: '0' })
    expect(r.tssStatusName).toBe('completed')
    expect(r.problems).toEqual([])
    expect(r.maintainers).toHaveLength(21)
    const first = r.maintainers[0]!
    expect(first.address.toLowerCase()).toBe(net.maintainers[0])
    expect(first).toMatchObject({ statusName: 'active', lastActiveEpoch: String(EPOCH), slashPoints: '0' })
    expect(r.maintainers.map((m) => m.slashPoints)).toEqual(net.maintainers.map((_, i) => String(i % 3)))
    expect(first.node).toMatchObject({ reachable: true, peerCount: 20, errors: [], relayHeight: 1000 })
    expect(first.node?.reachable && first.node.scanners.find((s) => s.chain === 'Map')).toEqual({
      chain: 'Map',
      chainHeight: 1000,
      scannerHeight: 999,
      lag: 1
    })
  })

  it('a maintainer that goes silent mid-run is news about that node alone; it is heard again when it is back', async () => {
    const before = await keepers()
    expect(before.maintainers.every((m) => m.node?.reachable)).toBe(true)
    const silent = net.fleet.nodes[4]!
    await silent.down()
    try {
      const during = await keepers()
      const row = during.maintainers[4]!
      expect(row.node).toMatchObject({ reachable: false })
      expect(row.node?.reachable === false && row.node.reason).toMatch(/refused|ECONNREFUSED/)
      expect(during.maintainers.filter((m) => m.node?.reachable)).toHaveLength(20)
      expect(during.problems).toEqual([])
      // the books and the vault's other facts do not change because a node went quiet
      expect({ ...during, maintainers: [], readAt: 0 }).toEqual({ ...before, maintainers: [], readAt: 0 })
    } finally {
      await silent.up()
    }
    expect((await keepers()).maintainers[4]!.node?.reachable).toBe(true)
  })

  it("a node's own errors, a height it could not read (-1) and a node never asked are told apart", async () => {
    const node = net.fleet.nodes[2]!
    const kept = node.state
    node.state = { ...kept, errors: ['fail to dial peer'], scanners: { Bsc: [-1, 480] } }
    try {
      const r = await keepers()
      expect(r.maintainers[2]!.node).toMatchObject({
        reachable: true,
        errors: ['fail to dial peer'],
        scanners: [{ chain: 'Bsc', chainHeight: null, scannerHeight: 480, lag: null }]
      })
    } finally {
      node.state = kept
    }
    expect((await keepers(null)).maintainers.every((m) => m.node === null)).toBe(true)
  })

  it('an address with no contract is an error naming the function, not an empty list', async () => {
    await expect(
      readKeepers({
        relayRpc: net.relay.url,
        contracts: {
          maintainers: net.relay.accounts[5]!,
          tssManager: net.relay.tssManager,
          viewController: net.relay.viewController
        },
        healthPort: null,
        http: { retries: 0 }
      })
    ).rejects.toMatchObject({ kind: 'decode' })
  })
})

describe('whether the vault holds what it owes', () => {
  it('books equal to the finalized balance are ok; Bitcoin cannot be checked here and says why', async () => {
    const r = await solvency()
    const bsc = bscChain(r)
    expect(bsc.block?.tag).toBe('finalized')
    expect(bsc.tokens[0]).toMatchObject({
      booked: '1000000',
      onChain: '1000000',
      gap: '0',
      gapPct: '0',
      verdict: { kind: 'ok' },
      chainDecimals: 18
    })
    const btc = r.vaults[0]!.chains.find((c) => c.chainName === 'Btc')!
    expect(btc.tokens[0]).toMatchObject({
      native: true,
      booked: '2.5',
      onChain: null,
      verdict: { kind: 'cannot-check-here' }
    })
    expect(btc.problem).toMatch(/not an EVM chain/)
    expect(r.vaults[0]!.members.map((m) => m.toLowerCase())).toEqual(net.maintainers)
    expect(solvencyOutcome(r)).toBe('ok')
  })

  it('a chain with no EVM RPC cannot be checked here, naming the flag that would give one', async () => {
    const r = await solvency({ chainRpc: {} })
    expect(bscChain(r).tokens[0]!.verdict).toEqual({
      kind: 'cannot-check-here',
      reason: expect.stringContaining(`--chain-rpc ${BSC}=URL`)
    })
  })

  it('a reorg of the router balance: only the finalized balance counts, and the shortfall goes when the reorg takes it back', async () => {
    const snapshot = await net.bsc.snapshot()
    try {
      // half the router's funds leave at the head: not final yet, so not weighed
      await net.bsc.release(net.bsc.accounts[1]!, ROUTER_FUNDS / 2n)
      expect(bscChain(await solvency()).tokens[0]!.verdict.kind).toBe('ok')
      // once final, the vault is short by half, and pending payouts booked for the same amount never hide it
      await net.finalize()
      await net.book(ROUTER_FUNDS, ROUTER_FUNDS / 2n)
      const short = bscChain(await solvency())
      expect(short.tokens[0]).toMatchObject({
        onChain: '500000',
        pendingOut: '500000',
        gap: '-500000',
        gapPct: '-50',
        verdict: { kind: 'short', pct: '-50' }
      })
    } finally {
      await net.bsc.revert(snapshot)
      await net.book(ROUTER_FUNDS)
    }
    const back = await solvency()
    expect(bscChain(back).tokens[0]).toMatchObject({ onChain: '1000000', verdict: { kind: 'ok' } })
  })

  it('a gap within the threshold is ok with its size said; beyond it, short; the threshold is the operator’s', async () => {
    await net.book(ROUTER_FUNDS + ROUTER_FUNDS / 200n) // books 0.5 % above the chain
    try {
      const within = bscChain(await solvency()).tokens[0]!
      expect(within).toMatchObject({ gap: '-5000', verdict: { kind: 'ok' } })
      expect(within.gapPct).toBe('-0.4975')
      expect(bscChain(await solvency({ thresholdPct: '0.25' })).tokens[0]!.verdict).toEqual({
        kind: 'short',
        pct: '-0.4975'
      })
    } finally {
      await net.book(ROUTER_FUNDS)
    }
  })

  it("while the chain's scanner lags on two thirds of the nodes the verdict waits, with the lag", async () => {
    const lagging = Array.from({ length: 21 }, (_, i) => [
      { chain: 'Bsc', chainHeight: 600, scannerHeight: i < 15 ? 550 : 600, lag: i < 15 ? 50 : 0 }
    ])
    await net.book(ROUTER_FUNDS * 2n)
    try {
      const r = await solvency({ scanners: lagging })
      expect(bscChain(r).scannerLag).toEqual({ blocks: 50, nodes: 21 })
      expect(bscChain(r).tokens[0]!.verdict).toMatchObject({ kind: 'cannot-judge-yet', lagBlocks: 50 })
      expect(solvencyOutcome(r)).toBe('unjudged')
      // a few slow nodes do not hold the books back
      const few = lagging.map((l, i) => (i < 5 ? l : [{ ...l[0]!, scannerHeight: 600, lag: 0 }]))
      expect(bscChain(await solvency({ scanners: few })).tokens[0]!.verdict.kind).toBe('short')
    } finally {
      await net.book(ROUTER_FUNDS)
    }
  })

  it('a chain RPC that fails makes the round unjudged, never ok', async () => {
    const r = await solvency({ chainRpc: { [String(BSC)]: 'http://127.0.0.1:9/' } })
    expect(bscChain(r).problem).toMatch(/failed/)
    expect(solvencyOutcome(r)).toBe('unjudged')
    expect(r.vaults[0]!.pubkey).toBe(VAULT_PUBKEY)
  })
})
