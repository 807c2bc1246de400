// The client of MAP's TSS cross-chain API (mapprotocol/docs, api/tss-api.md): five read-only GETs beside the
// vault RPC. It goes through the same HTTP layer as the query service (http.ts: deadlines that hold, retries,
// size cap, lossless numbers, the same error kinds), then this service's own envelope, then zod.
//
// Where the document is silent we read MAP's answers tolerantly, and say why next to the rule:
// - Envelope: documented as {code: 0, data, msg}. compass-tss's own HTTP server (cmd/compass/cross.go in
//   mapprotocol/compass-tss) writes the payload with no envelope; a body without `code` is taken as that
//   payload. Any code other than 0 is an 'api' error carrying `msg`.
// - Unknown order or hash: the document shows none. compass-tss (internal/cross/storage.go, GetCrossData and
//   GetCrossDataByTx) answers an empty record: every leg null, status 0, order_id "". A record with no leg,
//   or a null record, is "not known" and comes back as null, not as an error.
// - Pending lists: no paging is documented or implemented (GetPendingSet returns the whole set); the list is
//   read whole, duplicates dropped, under the size cap.
// - Heights: compass-tss answers "" for a chain it has not scanned; that is a null height.
import type { z } from 'zod'
import { AppError } from '@shared/errors'
import {
  isKnownOrder,
  tssChainIdSchema,
  tssHeightInputSchema,
  tssHeightSchema,
  tssOrderIdSchema,
  tssOrderSchema,
  tssOrderSetSchema,
  tssPendingSchema,
  tssTxSchema,
  type ExactInt,
  type TssOrder,
  type TssOrderSet
} from '@shared/schemas/tss'
import type { JsonValue } from '@shared/schemas/vault'
import { looksLikeOrderId } from '@shared/tss'
import { checkInput } from './inputs'
import { getJson, httpOptionsOf, httpUrl, type HttpOptions } from './http'
import type { Fetch } from '../net'
import { isPlainObject } from './lossless-json'

/** MAP's names for the five operations (the document's section titles), used in every error. */
export const TSS_OPERATIONS = {
  height: 'getChainTxHeight',
  orders: 'getOrderSetByChainHeight',
  order: 'getRecordByOrderId',
  tx: 'getRecordByTxHash',
  pending: 'getChainPendingTxs'
} as const
export type TssOperation = (typeof TSS_OPERATIONS)[keyof typeof TSS_OPERATIONS]

const PATHS: Record<TssOperation, string> = {
  getChainTxHeight: 'cross/chain/height',
  getOrderSetByChainHeight: 'cross/chain/height/orders',
  getRecordByOrderId: 'cross/order',
  getRecordByTxHash: 'cross/tx',
  getChainPendingTxs: 'cross/pending/tx'
}

export interface TssClientOptions {
  /** the API's root, e.g. https://tss-api.chainservice.io; a path prefix and a query (an API key) are kept */
  url: string
  timeoutMs?: number
  retries?: number
  maxBytes?: number
  retryDelayMs?: (attempt: number) => number
  /** the process's way to the network (../net/fetch.ts): Electron's net.fetch in the app, the proxy variables in the CLI */
  fetch?: Fetch
}

export interface CallOptions {
  signal?: AbortSignal
}

/** A traced order and which operation found it. */
export interface TssTrace {
  order: TssOrder
  via: 'order' | 'tx'
}

/** {url}/cross/…?params: the root may carry a path prefix (kept) and a query of its own (kept, ours added). */
export function tssEndpoint(root: string, operation: TssOperation, params: Record<string, string>): string {
  if (root.trim() === '') throw new AppError({ kind: 'input', field: 'tssUrl', operation, message: 'no TSS API URL is configured' })
  const base = httpUrl(root, 'tssUrl')
  if (!base.pathname.endsWith('/')) base.pathname += '/'
  base.hash = ''
  const url = new URL(PATHS[operation], base)
  url.search = base.search
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value)
  return url.toString()
}

/** The TSS API's envelope {code: 0, data, msg} → data; see the note at the top for a body without one. */
export function unwrapTssEnvelope(body: JsonValue, operation: string): unknown {
  if (!isPlainObject(body)) {
    throw new AppError({ kind: 'protocol', operation, message: 'the response is not a JSON object ({code, data, msg} expected)' })
  }
  if (!('code' in body)) return body
  const { code, msg } = body
  const codeNumber = typeof code === 'number' ? code : typeof code === 'string' && /^-?\d{1,9}$/.test(code.trim()) ? Number(code) : NaN
  if (!Number.isSafeInteger(codeNumber)) {
    throw new AppError({ kind: 'protocol', operation, message: 'the response envelope has no numeric code' })
  }
  if (codeNumber !== 0) {
    const text = typeof msg === 'string' && msg.trim() !== '' ? msg.slice(0, 300) : 'no message'
    throw new AppError({ kind: 'api', operation, code: codeNumber, message: `the TSS API answered code ${codeNumber}: ${text}` })
  }
  if (!('data' in body)) throw new AppError({ kind: 'protocol', operation, message: 'the response envelope has code 0 but no data' })
  return body.data
}

function pathText(path: readonly PropertyKey[]): string {
  let out = ''
  for (const p of path) out += typeof p === 'number' ? `[${p}]` : out === '' ? String(p) : `.${String(p)}`
  return out
}

/** zod on an answer; a failure is a 'decode' error naming the field, as the query service's are. */
export function decodeTss<T>(schema: z.ZodType<T>, value: unknown, operation: string, prefix = ''): T {
  const r = schema.safeParse(value)
  if (r.success) return r.data
  const issue = r.error.issues[0]
  const field = [prefix, issue ? pathText(issue.path) : ''].filter(Boolean).join('.')
  throw new AppError({ kind: 'decode', operation, field, message: `the answer${field ? ` field "${field}"` : ''}: ${issue?.message ?? 'invalid'}` })
}

/** data.data of a record answer: the order, or null when MAP does not know it. */
export function decodeTssRecord(data: unknown, operation: string): TssOrder | null {
  if (data === null || data === undefined) return null
  if (!isPlainObject(data)) throw new AppError({ kind: 'decode', operation, field: 'data', message: 'the answer field "data": not an object' })
  const record = data.data
  if (record === null || record === undefined) return null
  const order = decodeTss(tssOrderSchema, record, operation, 'data.data')
  return isKnownOrder(order) ? order : null
}

export class TssClient {
  readonly url: string
  private readonly http: HttpOptions

  constructor(opts: TssClientOptions) {
    // A bad URL fails now, while configuring, rather than on the first poll.
    tssEndpoint(opts.url, TSS_OPERATIONS.height, {})
    this.url = opts.url.trim()
    this.http = httpOptionsOf(opts)
  }

  private async get(operation: TssOperation, params: Record<string, string>, call: CallOptions): Promise<unknown> {
    const body = await getJson(tssEndpoint(this.url, operation, params), operation, { ...this.http, ...(call.signal ? { signal: call.signal } : {}) })
    return unwrapTssEnvelope(body, operation)
  }

  /** The chain's current scan height, or null when MAP has none for it. */
  async chainHeight(chainId: string | number, call: CallOptions = {}): Promise<ExactInt | null> {
    const op = TSS_OPERATIONS.height
    const id = checkInput(tssChainIdSchema, chainId, 'chainId', op)
    return decodeTss(tssHeightSchema, await this.get(op, { chainId: id }, call), op, 'data')
  }

  /**
   * The order ids MAP scanned at a height. compass-tss files them in buckets of 100 blocks, so the set may
   * hold orders of nearby heights; the answer's height is the chain's scan height, not the one asked for.
   */
  async ordersAtHeight(chainId: string | number, height: string | number, call: CallOptions = {}): Promise<TssOrderSet> {
    const op = TSS_OPERATIONS.orders
    const id = checkInput(tssChainIdSchema, chainId, 'chainId', op)
    const h = checkInput(tssHeightInputSchema, height, 'height', op)
    return decodeTss(tssOrderSetSchema, await this.get(op, { chainId: id, height: h }, call), op, 'data')
  }

  /** One order by its id, or null when MAP does not know it. */
  async order(orderId: string, call: CallOptions = {}): Promise<TssOrder | null> {
    const op = TSS_OPERATIONS.order
    const id = checkInput(tssOrderIdSchema, orderId, 'orderId', op)
    return decodeTssRecord(await this.get(op, { orderId: id }, call), op)
  }

  /** The order a transaction on any of its legs belongs to, or null when MAP does not know the hash. */
  async orderByTx(txHash: string, call: CallOptions = {}): Promise<TssOrder | null> {
    const op = TSS_OPERATIONS.tx
    const tx = checkInput(tssTxSchema, txHash, 'tx', op)
    return decodeTssRecord(await this.get(op, { tx }, call), op)
  }

  /** The hashes of the chain's orders not yet on the chain, each once. */
  async pendingTxs(chainId: string | number, call: CallOptions = {}): Promise<string[]> {
    const op = TSS_OPERATIONS.pending
    const id = checkInput(tssChainIdSchema, chainId, 'chainId', op)
    return decodeTss(tssPendingSchema, await this.get(op, { chainId: id }, call), op, 'data')
  }

  /**
   * An order from whatever the user typed: 0x + 64 hex is both an order id's and an EVM hash's form, so it is
   * asked as an order id first and as a hash when MAP knows no such order; anything else is a hash.
   */
  async trace(text: string, call: CallOptions = {}): Promise<TssTrace | null> {
    const input = checkInput(tssTxSchema, text, 'query', TSS_OPERATIONS.tx)
    if (looksLikeOrderId(input)) {
      const byId = await this.order(input, call)
      if (byId) return { order: byId, via: 'order' }
    }
    const byTx = await this.orderByTx(input, call)
    return byTx ? { order: byTx, via: 'tx' } : null
  }
}
