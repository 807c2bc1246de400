// A whole keeper network for tests: the relay chain (anvil + Keepers.sol), a second anvil chain (BNB Smart
// Chain's id, 56) whose router holds an 18-decimal ERC-20, and one compass-tss health server per maintainer.
// Its vault books that router's token and a Bitcoin address that no EVM RPC can read.
import { type Hex } from './anvil'
import { startTestChain, type TestChain } from './anvil'
import { startHealthFleet, type FakeNodeState, type HealthFleet } from './health-server'
import { startRelayChain, type RelayChain } from './keepers-chain'
import type { SolvencyOptions } from '../../src/main/keepers'

export const EPOCH = 7n
export const VAULT_PUBKEY: Hex = `0x04${'ab'.repeat(64)}`
export const BSC = 56
export const BTC = 1360095883558913n
/** what the bridge funds its router with in the test chain: 10^24 units, one million tokens of 18 decimals */
export const ROUTER_FUNDS = 10n ** 24n

export interface KeeperNetwork {
  relay: RelayChain
  bsc: TestChain
  fleet: HealthFleet
  maintainers: Hex[]
  /** the books of the router's token: balance and pending payouts in whole units */
  book(balance: bigint, pendingOut?: bigint): Promise<void>
  /** anvil calls blocks this deep below the head finalized */
  finalize(): Promise<void>
  stop(): Promise<void>
}

export function healthyNode(i: number): FakeNodeState {
  return {
    p2pId: `16Uiu2HAm${String(i).padStart(4, '0')}`,
    peers: 20,
    errors: null,
    relayHeight: 1000,
    scanners: { Bsc: [500, 500], Map: [1000, 999], Btc: [90, 90] }
  }
}

export async function startKeeperNetwork(count = 21): Promise<KeeperNetwork> {
  const [relay, bsc, fleet] = await Promise.all([
    startRelayChain(),
    startTestChain({ chainId: BSC, decimals: 18 }),
    startHealthFleet(count, healthyNode)
  ])
  const maintainers = Array.from(
    { length: count },
    (_, i) => `0x${(i + 1).toString(16).padStart(40, '0')}` as Hex
  )
  await relay.write('TestMaintainers', 'setEpoch', [EPOCH, 100n, 110n, 0n, 0n, maintainers])
  for (const [i, m] of maintainers.entries()) {
    await relay.write('TestMaintainers', 'setMaintainer', [
      m,
      4,
      BigInt(Math.floor(Date.now() / 1000) - 30),
      EPOCH,
      fleet.nodes[i]!.host
    ])
    await relay.write('TestTSSManager', 'setSlashPoint', [EPOCH, m, BigInt(i % 3)])
  }
  await relay.write('TestTSSManager', 'setStatus', [EPOCH, 3])
  await relay.write('TestTSSManager', 'setMembers', [VAULT_PUBKEY, maintainers])
  await relay.write('TestViewController', 'setChainName', [BigInt(BSC), 'Bsc'])
  await relay.write('TestViewController', 'setChainName', [BTC, 'Btc'])
  await relay.write('TestViewController', 'addVault', [VAULT_PUBKEY, maintainers])
  await relay.write('TestViewController', 'addRouter', [VAULT_PUBKEY, BigInt(BSC), bsc.bridge])
  // a Bitcoin router is an address string's bytes, not 20 EVM bytes
  await relay.write('TestViewController', 'addRouter', [
    VAULT_PUBKEY,
    BTC,
    `0x${Buffer.from('bc1qtestvaultaddress0000000000000').toString('hex')}`
  ])
  await relay.write('TestViewController', 'setCoin', [VAULT_PUBKEY, 1n, '0x', 250_000_000n, 0n, 8n])
  const network: KeeperNetwork = {
    relay,
    bsc,
    fleet,
    maintainers,
    book: (balance, pendingOut = 0n) =>
      relay.write('TestViewController', 'setCoin', [VAULT_PUBKEY, 0n, bsc.token, balance, pendingOut, 18n]),
    finalize: () => bsc.mine(70),
    stop: async () => {
      await Promise.all([relay.stop(), bsc.stop(), fleet.close()])
    }
  }
  await network.book(ROUTER_FUNDS)
  await network.finalize()
  return network
}

/** `readSolvency`'s options for this network: its relay chain, the router's chain, a 1 % threshold, no retries. */
export function solvencyOptions(net: KeeperNetwork, extra: Partial<SolvencyOptions> = {}): SolvencyOptions {
  return {
    relayRpc: net.relay.url,
    viewController: net.relay.viewController,
    tssManager: net.relay.tssManager,
    chainRpc: { [String(BSC)]: net.bsc.url },
    thresholdPct: '1',
    maxScannerLag: 10,
    scanners: [],
    http: { retries: 0 },
    ...extra
  }
}
