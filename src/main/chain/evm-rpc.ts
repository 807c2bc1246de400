// The EVM JSON-RPC reads a chain check needs (./checker.ts says which and when), each answer checked by its
// schema. Calls leave through ./rpc-wire.ts (the client's postJson: the process's fetch and proxy rules, a
// deadline that holds while a body drips, retries for a node that stumbles, the size cap). A limiter keeps at
// most `concurrency` requests in flight per RPC URL, so checking many legs never floods one node.
//
// The calls asked in one turn of the event loop go out together as JSON-RPC batches of up to `batchSize`
// calls: checking 20 legs is then one round trip per dependency level. A node that refuses batches is asked
// singly from then on. A batch answered wrongly (an id twice, an id not asked, an id missing) fails all its
// calls, which are asked again singly once; a call that then fails again fails, and its leg cannot be checked.
// An answer over the size cap fails its calls at once: a node sending more than any honest answer needs is
// not asked again for the same thing.
import { z } from 'zod'
import { AppError } from '@shared/errors'
import type { JsonValue } from '@shared/schemas/vault'
import type { HttpOptions } from '../client'
import { callBatch, callOnce, type WireCall } from './rpc-wire'

const hex = z.string().regex(/^0x[0-9a-fA-F]*$/, 'a 0x hex string')
const quantity = hex.transform((h) => Number(BigInt(h)))
const hash32 = z.string().regex(/^0x[0-9a-fA-F]{64}$/, 'a 32-byte hash')

export const txSchema = z.looseObject({
  hash: hex,
  blockNumber: quantity.nullable(),
  from: hex,
  to: hex.nullable()
})
export type ChainTx = z.infer<typeof txSchema>

export const logSchema = z.looseObject({ address: hex, topics: z.array(hex), data: hex })
export type ChainLog = z.infer<typeof logSchema>

export const receiptSchema = z.looseObject({
  transactionHash: hash32,
  blockNumber: quantity,
  blockHash: hash32,
  from: hex,
  to: hex.nullable(),
  // pre-Byzantium receipts carry a state root instead of a status: those succeeded or the node says so
  status: hex.optional(),
  logs: z.array(logSchema)
})
export type ChainReceipt = z.infer<typeof receiptSchema>

/** A block's header as eth_getBlockByNumber(n, false) gives it: the parts a proof reads. */
export const blockSchema = z.looseObject({ number: quantity, hash: hash32, timestamp: quantity })
export type ChainBlock = z.infer<typeof blockSchema>

// Built once: zod compiles each schema object on its first use, so a `.nullable()` made per call recompiled
// the receipt's checks on every answer (a profile of the chain_check bench showed it beside ky's own work).
const txOrNull = txSchema.nullable()
const receiptOrNull = receiptSchema.nullable()
const blockOrNull = blockSchema.nullable()

function parsed<T>(schema: z.ZodType<T>, value: unknown, method: string): T {
  const r = schema.safeParse(value)
  if (r.success) return r.data
  const issue = r.error.issues[0]
  throw new AppError({
    kind: 'decode',
    operation: method,
    message: `the node's answer is not what ${method} returns (${issue?.path.join('.') || 'result'}: ${issue?.message ?? 'invalid'})`
  })
}

/** A first-come first-served limit on requests in flight. */
class Limiter {
  private active = 0
  private readonly waiting: (() => void)[] = []
  constructor(private readonly max: number) {}
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.active >= this.max) await new Promise<void>((go) => this.waiting.push(go))
    else this.active++
    try {
      return await work()
    } finally {
      const next = this.waiting.shift()
      if (next) next()
      else this.active--
    }
  }
}

export interface EvmRpcOptions extends HttpOptions {
  /** requests in flight per RPC URL; 8 unless said */
  concurrency?: number
  /** calls sent together in one request; 1 sends each alone; 32 unless said (well under the limits of common nodes: geth 1000, Erigon 100) */
  batchSize?: number
}

interface Queued extends WireCall {
  resolve: (result: unknown) => void
  reject: (error: unknown) => void
}

const word = (hexText: string): bigint => BigInt(hexText.length > 2 ? hexText.slice(0, 66) : '0x0')

/** An ABI-encoded `string` return value, or a `bytes32` one (older tokens' symbol()): null when neither. */
export function abiText(data: string): string | null {
  const body = data.replace(/^0x/, '')
  try {
    if (body.length >= 128) {
      const offset = Number(word(`0x${body.slice(0, 64)}`)) * 2
      const length = Number(word(`0x${body.slice(offset, offset + 64)}`)) * 2
      if (offset + 64 + length <= body.length && length <= 256) return Buffer.from(body.slice(offset + 64, offset + 64 + length), 'hex').toString('utf8')
    }
    if (body.length === 64) return Buffer.from(body, 'hex').toString('utf8').replace(/\0+$/, '') || null
  } catch {
    return null
  }
  return null
}

/** decimals() and symbol(): the selectors a token's identity is read with. */
const DECIMALS = '0x313ce567'
const SYMBOL = '0x95d89b41'

/** One RPC URL's reads. */
export class EvmRpc {
  private readonly limiter: Limiter
  private readonly http: HttpOptions
  private readonly batchSize: number
  /** false once the node refused a batch or dropped a call from one */
  private batches: boolean
  private queue: Queued[] = []
  private flushScheduled = false
  constructor(
    readonly url: string,
    opts: EvmRpcOptions = {}
  ) {
    const { concurrency, batchSize, ...http } = opts
    this.http = http
    this.limiter = new Limiter(Math.max(1, concurrency ?? 8))
    this.batchSize = Math.max(1, batchSize ?? 32)
    this.batches = this.batchSize > 1
  }

  /** Whether calls still go out in batches (false after the node refused one). */
  get batching(): boolean {
    return this.batches
  }

  private call(method: string, params: JsonValue[]): Promise<unknown> {
    if (!this.batches) return this.single({ method, params })
    return new Promise((resolve, reject) => {
      this.queue.push({ method, params, resolve, reject })
      if (!this.flushScheduled) {
        this.flushScheduled = true
        // setImmediate, not a microtask: the calls that the answers of this turn lead to (every leg's block
        // proof after the receipts came back) join the same batch
        setImmediate(() => this.flush())
      }
    })
  }

  private single(c: WireCall): Promise<unknown> {
    return this.limiter.run(() => callOnce(this.url, c, this.http))
  }

  private flush(): void {
    this.flushScheduled = false
    const queued = this.queue
    this.queue = []
    for (let i = 0; i < queued.length; i += this.batchSize) void this.send(queued.slice(i, i + this.batchSize))
  }

  private async send(calls: Queued[]): Promise<void> {
    const singly = (why?: string): void => {
      for (const c of calls)
        this.single(c).then(c.resolve, (error: unknown) =>
          c.reject(why && error instanceof Error ? new AppError({ kind: 'protocol', operation: c.method, message: `${why}; asked alone, ${error.message}` }) : error)
        )
    }
    if (calls.length === 1 || !this.batches) return singly()
    try {
      const reply = await this.limiter.run(() => callBatch(this.url, calls, this.http))
      switch (reply.kind) {
        case 'refused':
          this.batches = false
          return singly()
        case 'too-large':
          for (const c of calls) c.reject(reply.error)
          return
        case 'faulty':
          // a node with a batch limit drops calls: asked singly from then on
          if (reply.missing > 0) this.batches = false
          return singly(reply.reason)
        case 'answered':
          reply.answers.forEach((answer, i) => {
            const c = calls[i]!
            if (answer.ok) c.resolve(answer.result)
            else c.reject(answer.error)
          })
      }
    } catch (error) {
      for (const c of calls) c.reject(error)
    }
  }

  async chainId(): Promise<number> {
    return parsed(quantity, await this.call('eth_chainId', []), 'eth_chainId')
  }
  async blockNumber(): Promise<number> {
    return parsed(quantity, await this.call('eth_blockNumber', []), 'eth_blockNumber')
  }
  /** The chain's block at a height (its header only); null when the chain has none there. */
  async blockAt(height: number): Promise<ChainBlock | null> {
    return parsed(blockOrNull, await this.call('eth_getBlockByNumber', [`0x${height.toString(16)}`, false]), 'eth_getBlockByNumber')
  }
  async transaction(hash: string): Promise<ChainTx | null> {
    return parsed(txOrNull, await this.call('eth_getTransactionByHash', [hash]), 'eth_getTransactionByHash')
  }
  async receipt(hash: string): Promise<ChainReceipt | null> {
    return parsed(receiptOrNull, await this.call('eth_getTransactionReceipt', [hash]), 'eth_getTransactionReceipt')
  }
  /** A token's decimals() read on the chain. */
  async decimals(token: string): Promise<number> {
    const data = parsed(hex, await this.call('eth_call', [{ to: token, data: DECIMALS }, 'latest']), 'eth_call decimals()')
    const value = data.length > 2 ? word(data) : -1n
    if (value < 0n || value > 255n) {
      throw new AppError({ kind: 'decode', operation: 'decimals()', message: `the token ${token} answers no decimals() (${data.slice(0, 80) || 'nothing'})` })
    }
    return Number(value)
  }
  /** A token's symbol() read on the chain; null when it answers none a person could read. */
  async symbol(token: string): Promise<string | null> {
    const data = parsed(hex, await this.call('eth_call', [{ to: token, data: SYMBOL }, 'latest']), 'eth_call symbol()')
    return abiText(data)
  }
}
