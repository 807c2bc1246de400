// The four EVM JSON-RPC reads a chain check may need (a mined leg needs no transaction read: ./checker.ts),
// each answer checked by its schema. Calls go through the client's JSON-RPC path (../client/rpc.ts →
// http.ts): the process's fetch (proxy rules), a deadline that holds while a body drips, retries for a node
// that stumbles, the size cap. A limiter keeps at most `concurrency` requests in flight per RPC URL, so
// checking many legs never floods one node.
//
// The calls asked in one turn of the event loop go out together as JSON-RPC batches of up to `batchSize`
// calls: checking 20 legs is then one round trip, where one request per call was three waves on eight
// slots. A node that refuses batches (see rpcBatch) or drops a call from one is asked singly from then on;
// the calls of a refused batch, or of one whose whole answer is over the size cap, are asked again singly,
// so none is lost and the cap keeps its meaning per answer.
import { z } from 'zod'
import { AppError } from '@shared/errors'
import { rpcBatch, rpcCall, type HttpOptions } from '../client'

const hex = z.string().regex(/^0x[0-9a-fA-F]*$/, 'a 0x hex string')
const quantity = hex.transform((h) => Number(BigInt(h)))

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
  blockNumber: quantity,
  blockHash: hex,
  from: hex,
  to: hex.nullable(),
  // pre-Byzantium receipts carry a state root instead of a status: those succeeded or the node says so
  status: hex.optional(),
  logs: z.array(logSchema)
})
export type ChainReceipt = z.infer<typeof receiptSchema>

// Built once: zod compiles each schema object on its first use, so a `.nullable()` made per call recompiled
// the receipt's checks on every answer (a profile of the chain_check bench showed it beside ky's own work).
const txOrNull = txSchema.nullable()
const receiptOrNull = receiptSchema.nullable()

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

interface Queued {
  method: string
  params: string[]
  resolve: (result: unknown) => void
  reject: (error: unknown) => void
}

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

  private call(method: string, params: string[]): Promise<unknown> {
    if (!this.batches) return this.single(method, params)
    return new Promise((resolve, reject) => {
      this.queue.push({ method, params, resolve, reject })
      if (!this.flushScheduled) {
        this.flushScheduled = true
        // setImmediate, not a microtask: the calls that the answers of this turn lead to (a leg's
        // transaction after its receipt came back empty) join the same batch when they can
        setImmediate(() => this.flush())
      }
    })
  }

  private single(method: string, params: string[]): Promise<unknown> {
    return this.limiter.run(() => rpcCall(this.url, method, params, this.http))
  }

  private flush(): void {
    this.flushScheduled = false
    const queued = this.queue
    this.queue = []
    for (let i = 0; i < queued.length; i += this.batchSize) void this.send(queued.slice(i, i + this.batchSize))
  }

  private async send(calls: Queued[]): Promise<void> {
    const singly = (): void => {
      for (const c of calls) this.single(c.method, c.params).then(c.resolve, c.reject)
    }
    if (calls.length === 1 || !this.batches) return singly()
    try {
      const reply = await this.limiter.run(() => rpcBatch(this.url, calls, this.http))
      if (reply.kind === 'refused') {
        this.batches = false
        return singly()
      }
      // the size cap is per answer, as for single calls: a batch over it is asked again call by call
      if (reply.kind === 'too-large') return singly()
      if (reply.missing > 0) this.batches = false
      reply.answers.forEach((answer, i) => {
        const c = calls[i]!
        if (answer.ok) c.resolve(answer.result)
        else c.reject(answer.error)
      })
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
  async transaction(hash: string): Promise<ChainTx | null> {
    return parsed(
      txOrNull,
      await this.call('eth_getTransactionByHash', [hash]),
      'eth_getTransactionByHash'
    )
  }
  async receipt(hash: string): Promise<ChainReceipt | null> {
    return parsed(
      receiptOrNull,
      await this.call('eth_getTransactionReceipt', [hash]),
      'eth_getTransactionReceipt'
    )
  }
}
