// The four EVM JSON-RPC reads a chain check may need (a mined leg needs no transaction read: ./checker.ts),
// each answer checked by its schema. Calls go through the client's JSON-RPC path (../client/rpc.ts →
// http.ts): the process's fetch (proxy rules), a deadline that holds while a body drips, retries for a node
// that stumbles. A limiter keeps at most `concurrency` requests in flight per RPC URL, so checking many
// legs never floods one node.
import { z } from 'zod'
import { AppError } from '@shared/errors'
import { rpcCall, type HttpOptions } from '../client'

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
}

/** One RPC URL's reads. */
export class EvmRpc {
  private readonly limiter: Limiter
  constructor(
    readonly url: string,
    private readonly opts: EvmRpcOptions = {}
  ) {
    this.limiter = new Limiter(Math.max(1, opts.concurrency ?? 8))
  }

  private call(method: string, params: string[]): Promise<unknown> {
    const { concurrency: _, ...http } = this.opts
    return this.limiter.run(() => rpcCall(this.url, method, params, http))
  }

  async chainId(): Promise<number> {
    return parsed(quantity, await this.call('eth_chainId', []), 'eth_chainId')
  }
  async blockNumber(): Promise<number> {
    return parsed(quantity, await this.call('eth_blockNumber', []), 'eth_blockNumber')
  }
  async transaction(hash: string): Promise<ChainTx | null> {
    return parsed(
      txSchema.nullable(),
      await this.call('eth_getTransactionByHash', [hash]),
      'eth_getTransactionByHash'
    )
  }
  async receipt(hash: string): Promise<ChainReceipt | null> {
    return parsed(
      receiptSchema.nullable(),
      await this.call('eth_getTransactionReceipt', [hash]),
      'eth_getTransactionReceipt'
    )
  }
}
