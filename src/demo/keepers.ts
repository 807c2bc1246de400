// The demo network's keepers: the relay chain's Maintainers, TSSManager and ViewController answering eth_call
// at mainnet's addresses (so the demo profile needs no settings), 21 maintainers each with a compass-tss
// health server of its own on 127.0.0.1, and the vault's router on BNB Smart Chain (56) at the demo chain's
// RPC. It moves on a two-minute cycle: one maintainer's node is down for most of it, one node's Bsc scanner
// lags, one maintainer's slash points rise, and the vault is short on Bsc for 40 seconds, then recovers. Still
// (the idle measures' network): every node up and in step, slash points and the vault's balance steady; only
// what a quiet network moves moves (heights, heartbeats).
// Answers are encoded by viem from the same ABI files the product decodes with.
import { createServer, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { decodeFunctionData, encodeFunctionResult, erc20Abi, type Abi } from 'viem'
import { MAINNET_KEEPER_CONTRACTS } from '@shared/keepers'
import { MAINTAINER_ABI, TSS_MANAGER_ABI, VIEW_ABI } from '@shared/keepers-abi'

export const DEMO_MAINTAINERS = 21
const CYCLE_MS = 120_000
const EPOCH = 42n
export const DEMO_DOWN_NODE = 4
export const DEMO_LAGGING_NODE = 8
export const DEMO_SLASHED_NODE = 11
const BSC = 56n
const BTC = 1360095883558913n
const VAULT_PUBKEY = `0x04${'5c'.repeat(64)}` as const
const ROUTER = '0x0000000000000000000000000000000000b51d6e'
const USDT = '0x55d398326f99059ff775485246999027b3197955'
const BOOKED = 2_500_000n * 10n ** 18n
const PENDING = 1_250n * 10n ** 18n

const maintainerAddress = (i: number): `0x${string}` =>
  `0x${'4d'.repeat(19)}${(i + 1).toString(16).padStart(2, '0')}`

interface Call {
  id: unknown
  method: string
  params: unknown[]
}

/** 'story': the two-minute cycle above, the demo's first run; 'still': nothing an operator is told about changes */
export type KeepersMotion = 'story' | 'still'

export class DemoKeepers {
  private readonly start: number
  private readonly servers: Server[] = []
  private ports: number[] = []
  constructor(
    private readonly now: () => number,
    private readonly motion: KeepersMotion = 'story'
  ) {
    this.start = now()
  }

  private phase(): number {
    return (this.now() - this.start) % CYCLE_MS
  }
  /** the maintainer whose node goes down is down for the first 90 s of each cycle */
  nodeDown(i: number): boolean {
    return this.motion === 'story' && i === DEMO_DOWN_NODE && this.phase() < 90_000
  }
  /** the vault is short on Bsc from 60 s to 100 s of each cycle */
  short(): boolean {
    if (this.motion === 'still') return false
    const p = this.phase()
    return p >= 60_000 && p < 100_000
  }

  /** Starts the 21 health servers, each on a port of its own (the registered p2p address names it). */
  async listen(): Promise<void> {
    for (let i = 0; i < DEMO_MAINTAINERS; i++) {
      const server = createServer((req, res) => this.health(i, req.url ?? '', res))
      // health.go's http.Server sets no IdleTimeout (nor ReadTimeout): idle connections stay open
      // (compass-tss@e2cf2fa35e9be121ef9cadc883666f4cd8eb52ac:cmd/compass/health.go)
      server.keepAliveTimeout = 0
      await new Promise<void>((done) => server.listen(0, '127.0.0.1', () => done()))
      this.servers.push(server)
    }
    this.ports = this.servers.map((s) => (s.address() as AddressInfo).port)
  }

  close(): void {
    for (const s of this.servers) {
      s.close()
      s.closeAllConnections()
    }
  }

  private health(i: number, url: string, res: ServerResponse): void {
    if (this.nodeDown(i)) {
      // a node that is down answers nothing: the connection is dropped
      res.socket?.destroy()
      return
    }
    const head = Math.floor((this.now() - this.start) / 3000) + 40_000_000
    const text = (body: string): void =>
      void res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' }).end(body)
    const path = url.split('?')[0]
    if (path === '/ping') return text('')
    if (path === '/p2pid') return text(`16Uiu2HAmDemo${String(i + 1).padStart(2, '0')}`)
    if (path === '/status/p2p') {
      const peers = DEMO_MAINTAINERS - 1 - (this.nodeDown(DEMO_DOWN_NODE) ? 1 : 0)
      return text(JSON.stringify({ relay_height: head, peers: [], peer_count: peers, errors: null }, null, 2))
    }
    if (path === '/status/scanner') {
      const lag = this.motion === 'story' && i === DEMO_LAGGING_NODE ? 45 : 1
      const entry = (chain: string, h: number, l: number) => ({
        chain,
        chain_height: h,
        block_scanner_height: h - l,
        scanner_height_diff: l
      })
      return text(
        JSON.stringify(
          {
            Bsc: entry('Bsc', head + 5_000_000, lag),
            Map: entry('Map', head, 0),
            Btc: entry('Btc', 870_000, 0)
          },
          null,
          2
        )
      )
    }
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('404 page not found\n')
  }

  /** A JSON-RPC body for the relay node: its answer when every call is an eth_call, else null. */
  answerRelay(body: string): string | null {
    let parsed: unknown
    try {
      parsed = JSON.parse(body)
    } catch {
      return null
    }
    const calls = (Array.isArray(parsed) ? parsed : [parsed]) as Partial<Call>[]
    if (calls.length === 0 || calls.some((c) => c?.method !== 'eth_call')) return null
    const answers = calls.map((c) => this.reply(c, () => this.relayCall(c.params)))
    return JSON.stringify(Array.isArray(parsed) ? answers : answers[0])
  }

  /** The router chain's reads (eth_call, eth_getBalance, the finalized block); undefined for other methods. */
  chainResult(chainId: number, method: string, params: unknown[], head: number): string | undefined {
    if (BigInt(chainId) !== BSC) return undefined
    if (method === 'eth_getBlockByNumber' && params[0] === 'finalized')
      return JSON.stringify({ number: `0x${Math.max(0, head - 15).toString(16)}` })
    if (method !== 'eth_call') return undefined
    const { to, data } = (params[0] ?? {}) as { to?: string; data?: `0x${string}` }
    // another contract, or another read of the token (the chain check's symbol()): the chain's own answer
    if (to?.toLowerCase() !== USDT || !data) return undefined
    const call = decodeFunctionData({ abi: erc20Abi, data })
    if (call.functionName === 'decimals')
      return JSON.stringify(encodeFunctionResult({ abi: erc20Abi, functionName: 'decimals', result: 18 }))
    if (call.functionName === 'balanceOf') {
      const held = this.short() ? (BOOKED * 97n) / 100n : BOOKED + PENDING
      return JSON.stringify(encodeFunctionResult({ abi: erc20Abi, functionName: 'balanceOf', result: held }))
    }
    return undefined
  }

  private reply(c: Partial<Call>, result: () => unknown): Record<string, unknown> {
    try {
      return { jsonrpc: '2.0', id: c.id ?? null, result: result() }
    } catch (error) {
      return {
        jsonrpc: '2.0',
        id: c.id ?? null,
        error: {
          code: -32000,
          message: error instanceof Error ? error.message.split('\n')[0] : 'execution reverted'
        }
      }
    }
  }

  private relayCall(params: unknown[] | undefined): `0x${string}` {
    const { to, data } = (params?.[0] ?? {}) as { to?: string; data?: `0x${string}` }
    const at = to?.toLowerCase()
    const abi: Abi | null =
      at === MAINNET_KEEPER_CONTRACTS.maintainers.toLowerCase()
        ? MAINTAINER_ABI
        : at === MAINNET_KEEPER_CONTRACTS.tssManager.toLowerCase()
          ? TSS_MANAGER_ABI
          : at === MAINNET_KEEPER_CONTRACTS.viewController.toLowerCase()
            ? VIEW_ABI
            : null
    if (abi === null || !data) return '0x'
    const call = decodeFunctionData({ abi, data })
    const result = this.result(call.functionName, (call.args ?? []) as readonly unknown[])
    return encodeFunctionResult({ abi, functionName: call.functionName, result } as Parameters<
      typeof encodeFunctionResult
    >[0])
  }

  private result(name: string, args: readonly unknown[]): unknown {
    const members = Array.from({ length: DEMO_MAINTAINERS }, (_, i) => maintainerAddress(i))
    const elapsedS = Math.floor((this.now() - this.start) / 1000)
    switch (name) {
      case 'currentEpoch':
        return EPOCH
      case 'getEpochInfo':
        return {
          electedBlock: 40_100_000n,
          startBlock: 40_100_600n,
          endBlock: 0n,
          migratedBlock: 40_100_900n,
          maintainers: members
        }
      case 'getMaintainerInfos':
        return (args[0] as string[]).map((m) => {
          const i = members.findIndex((a) => a.toLowerCase() === m.toLowerCase())
          const beat =
            i === DEMO_DOWN_NODE && this.nodeDown(i)
              ? Math.floor(this.start / 1000) - 600
              : Math.floor(this.now() / 1000) - 12 - (i % 7)
          return {
            status: 4,
            account: m,
            lastHeartbeatTime: BigInt(beat),
            lastActiveEpoch: EPOCH,
            secp256Pubkey: '0x',
            ed25519Pubkey: '0x',
            p2pAddress: `127.0.0.1:${this.ports[i] ?? 0}`
          }
        })
      case 'getTSSStatus':
        return 3
      case 'batchGetSlashPoint':
        return (args[1] as string[]).map((m) => {
          const i = members.findIndex((a) => a.toLowerCase() === m.toLowerCase())
          const rising = this.motion === 'story' && i === DEMO_SLASHED_NODE
          return BigInt(rising ? 3 + Math.floor(elapsedS / 30) : i % 4)
        })
      case 'getMembers':
        return members
      case 'getPublicKeys':
        return [
          {
            pubkey: VAULT_PUBKEY,
            routers: [
              { chain: BSC, router: ROUTER },
              { chain: BTC, router: `0x${Buffer.from('bc1qdemovault').toString('hex')}` }
            ]
          }
        ]
      case 'getChainName':
        return args[0] === BSC ? 'Bsc' : args[0] === BTC ? 'Btc' : ''
      case 'getVault':
        return {
          pubKey: VAULT_PUBKEY,
          members,
          chains: [BSC, BTC],
          routerTokens: [
            {
              chain: BSC,
              router: ROUTER,
              coins: [{ token: USDT, balance: BOOKED, pendingOut: PENDING, decimals: 18n }]
            },
            {
              chain: BTC,
              router: `0x${Buffer.from('bc1qdemovault').toString('hex')}`,
              coins: [{ token: '0x', balance: 1_275_000_000n, pendingOut: 0n, decimals: 8n }]
            }
          ]
        }
      default:
        throw new Error('execution reverted')
    }
  }
}
