// A history service whose list moves as the real one does: new transfers arrive at its head, and transfers in
// flight change state and gain legs. The loaded-history engine runs against it with a real cache in a temp folder.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { LoadedHistories } from '../../../../src/main/dataset'
import type { QueryClient, QueryDialect } from '../../../../src/main/client'
import { DiskCache } from '../../../../src/main/store/cache'
import type { HistoryPage, TransferRecord } from '../../../../src/shared/schemas/wire'
import type { Transfer } from '../../../../src/shared/transfer'
import { hex } from './hex'

export const ADDRESS = `0x${hex(40, 7)}`
export const CHAIN_ID = 1

const chain = { chain: 'eth', chainId: 1, chainImg: 'https://x/e.png', chainName: 'Ethereum', contract: '0xc', gasLimit: '1', id: 1, rpc: 'https://r', scanUrl: 'https://s' }

/** Transfer number `n` (its id): newer transfers have larger numbers and later times; every fifth is pending. */
export function transfer(n: number): TransferRecord {
  const symbol = ['USDT', 'MAPO', 'ETH'][n % 3] as string
  const pending = n % 5 === 0
  const sec = Date.UTC(2026, 10, 1) / 1000 + n * 97
  const time = new Date(sec * 1000).toISOString().slice(0, 19).replace('T', ' ')
  return {
    id: n,
    chain: 'eth',
    fromChainid: CHAIN_ID,
    toChainid: n % 2 ? 56 : 137,
    contract: '0xcontract',
    from: ADDRESS,
    to: `0x${hex(40, (n % 5) + 11)}`,
    tokenAddress: `0xT${n % 3}`,
    amount: `${(n * 7919) % 100000}.000000`,
    inAmount: pending ? '0.000000' : `${n}.000000`,
    orderId: `0x${hex(64, n + 3)}`,
    hash: `0x${hex(64, n + 1)}`,
    height: 1000 + n,
    confirmHeight: 1012 + n,
    relayerSendHash: null,
    relayerSendHeight: null,
    relayerChainid: null,
    relayerHash: null,
    relayerHeight: null,
    relayerContract: null,
    relayerConfirmHeight: null,
    state: pending ? 0 : 1,
    // as the decoder reads it through our original dialect's state table
    outcome: pending ? 'in-flight' : 'delivered',
    type: 4,
    timestamp: time,
    createdAt: time,
    updatedAt: time,
    transferinHash: pending ? '' : `0x${hex(64, n + 2)}`,
    transferinHeight: pending ? 0 : 5000 + n,
    transferinContract: '0xin',
    transferinSendHash: pending ? '' : `0x${hex(64, n + 4)}`,
    transferinConfirmHeight: pending ? 0 : 5015 + n,
    transferinSendHeight: null,
    fromChainObject: chain,
    toChainObject: { ...chain, chainId: 56, chainName: 'BNB Chain' },
    tokenObject: { address: `0xT${n % 3}`, chainId: 1, decimal: n % 2 ? 6 : 18, id: n % 3, img: '', isMint: 0, name: symbol, symbol, tokenId: symbol },
    stable: { symbol: 'USDT', field: 'usdtValume', value: `${n}.500000` },
    issues: [],
    usdtValume: `${n}.500000`
  } as TransferRecord
}

export class FakeHistory implements QueryClient {
  readonly maxPageSize = 100
  readonly rpcUrls: readonly string[] = []
  /** newest first, as the service lists it */
  list: TransferRecord[]
  /** pages asked for, in order */
  readonly asked: number[] = []
  private next: number
  /** while true, every page asked for fails as an unreachable service does */
  down = false

  /** `tell`: how this service writes each transfer (a dialect that says less than ours leaves fields out) */
  constructor(
    count: number,
    readonly dialect: QueryDialect = 'mcs',
    private readonly tell: (r: TransferRecord) => TransferRecord = (r) => r
  ) {
    this.list = Array.from({ length: count }, (_, k) => transfer(count - k))
    this.next = count + 1
  }

  async queryHistory(input: { pageNo?: number; pageSize?: number }): Promise<HistoryPage> {
    const pageNo = input.pageNo ?? 1
    const size = input.pageSize ?? 10
    this.asked.push(pageNo)
    if (this.down) throw new Error('connect ECONNREFUSED 127.0.0.1')
    // a copy, as a decoded answer is: nothing the caller holds is the service's own object
    return { list: structuredClone(this.list.slice((pageNo - 1) * size, pageNo * size)).map(this.tell), total: this.list.length }
  }

  /** `count` new transfers at the head; their ids, newest first */
  arrive(count: number): number[] {
    const fresh = Array.from({ length: count }, () => transfer(this.next++)).reverse()
    this.list = [...fresh, ...this.list]
    return fresh.map((r) => r.id)
  }

  /** the transfer with this id changes as `change` says */
  change(id: number, change: Partial<TransferRecord>): void {
    this.list = this.list.map((r) => (r.id === id ? ({ ...r, ...change } as TransferRecord) : r))
  }

  /** a pending transfer is delivered: state 1, a receive leg and the amount received */
  complete(id: number): void {
    this.change(id, { state: 1, outcome: 'delivered', transferinHash: `0x${hex(64, id + 2)}`, transferinHeight: 5000 + id, transferinConfirmHeight: 5015 + id, inAmount: `${id}.000000` })
  }

  /** a pending transfer reaches the relay chain: a leg more, still not delivered */
  relay(id: number): void {
    this.change(id, { state: 2, relayerChainid: 22776, relayerHash: `0x${hex(64, id + 9)}`, relayerHeight: 900 + id })
  }

  async queryBridgeInfo(): Promise<never> {
    throw new Error('not used')
  }
  async queryTokenList(): Promise<never> {
    throw new Error('not used')
  }
  async queryChainList(): Promise<never> {
    throw new Error('not used')
  }
  async getVault(): Promise<never> {
    throw new Error('not used')
  }
}

/** The loaded-history engine on the fake; "load all" reads every page of it as it is at that moment. */
export async function serviceOn(
  fake: FakeHistory | (() => FakeHistory),
  pageSize: number,
  cache?: DiskCache
): Promise<LoadedHistories> {
  const active = typeof fake === 'function' ? fake : () => fake
  return new LoadedHistories({
    cache: cache ?? (await tempCache()),
    now: Date.now,
    source: {
      active: async () => ({ profileId: PROFILE_ID, client: active() }),
      tokens: async () => null,
      load: async ({ address, chainId, pageSize: asked }) => {
        const client = active()
        const query = { address, chainId, pageSize: Math.min(asked ?? pageSize, pageSize) }
        const walk = async () => {
          const first = await client.queryHistory({ ...query, pageNo: 1 })
          const records = [...first.list]
          for (let p = 2; (p - 1) * query.pageSize < first.total; p++) records.push(...(await client.queryHistory({ ...query, pageNo: p })).list)
          return { records, total: first.total, completeness: { startTotal: first.total, arrived: 0, doubts: [] } }
        }
        return {
          profileId: PROFILE_ID,
          dialect: client.dialect,
          query,
          walk: await walk().then((pages) => ({ ok: true as const, pages }), (error: unknown) => ({ ok: false as const, error })),
          tokens: Promise.resolve(null)
        }
      }
    }
  })
}

export const PROFILE_ID = 'p'

export async function tempCache(): Promise<DiskCache> {
  return DiskCache.open(mkdtempSync(join(tmpdir(), 'bs-live-')), 50 * 1024 * 1024)
}

/** Every transfer of the one loaded dataset, whole (the model), in its loaded order. */
export async function datasetRecords(history: LoadedHistories): Promise<Transfer[]> {
  const [rows] = await history.chartSources([])
  return [...(rows ?? [])]
}
