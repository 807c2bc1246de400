// The client of the bridge query service (spec section 4) and of the vault node. Inputs are validated
// before anything is sent: a bad input costs no request and comes back as AppError('input') with `field`.
import { z } from 'zod'
import { addressSchema, chainIdSchema, txHashSchema } from '@shared/schemas/settings'
import type { ChainRecord, HistoryPage, TokenList, TransferDetail } from '@shared/schemas/wire'
import type { VaultResult } from '@shared/schemas/vault'
import { decodeChainList, decodeHistoryBody, decodeTokenList, decodeTransferDetail } from './decode'
import { unwrapEnvelope } from '../envelope'
import { AnswerMemo } from '../answer-memo'
import { parseBody } from '../lossless-json'
import { checkInput, DEFAULT_MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE } from '../inputs'
import { apiUrl, httpOptionsOf, httpUrl, postForText, postJson, type HttpOptions } from '../http'
import { canonicalEpoch, getVault } from '../rpc'
import type { ArrivedHistoryPage, CallOptions, ClientOptions, HistoryQuery, QueryClient } from '../query-client'

/** `fetch` (../net/fetch.ts) reaches the service and the nodes alike. */
export interface BridgeClientOptions extends ClientOptions {
  baseUrl: string
  rpcUrls?: string[]
}

export type BridgeOperation = 'queryHistory' | 'queryBridgeInfo' | 'queryTokenList' | 'queryChainList'


const pageNoSchema = z.int('a page number is a whole number').min(1, 'pages start at 1')

/** The MCS dialect: MAP's bridge query service (spec section 4) and its vault node (JSON-RPC). */
export class BridgeClient implements QueryClient {
  readonly dialect = 'mcs'
  readonly baseUrl: string
  readonly rpcUrls: readonly string[]
  readonly maxPageSize: number
  /** built once: a zod schema costs more to build than a "load all" page's request to check */
  private readonly pageSizeSchema: z.ZodType<number>
  private readonly http: HttpOptions
  /** each transfer's last answer and record: a watch asks every pending transfer every round */
  private readonly details = new AnswerMemo<TransferDetail>()

  constructor(opts: BridgeClientOptions) {
    // Fail on a bad URL now rather than on first use: the caller is configuring, not querying. An empty base
    // URL is a client for the node only (the CLI's `vault`): any query-service call then says none is set.
    if (opts.baseUrl.trim() !== '') apiUrl(opts.baseUrl, 'queryChainList')
    for (const url of opts.rpcUrls ?? []) httpUrl(url, 'rpcUrl')
    this.baseUrl = opts.baseUrl.trim()
    this.rpcUrls = (opts.rpcUrls ?? []).map((u) => u.trim())
    this.maxPageSize = opts.maxPageSize ?? DEFAULT_MAX_PAGE_SIZE
    this.pageSizeSchema = z.int('a page size is a whole number').min(1, 'at least 1').max(this.maxPageSize, `at most ${this.maxPageSize}`)
    this.http = httpOptionsOf(opts)
  }

  private httpFor(call: CallOptions): HttpOptions {
    return { ...this.http, ...(call.signal ? { signal: call.signal } : {}) }
  }

  private async call(operation: BridgeOperation, body: unknown, call: CallOptions): Promise<unknown> {
    return unwrapEnvelope(await postJson(apiUrl(this.baseUrl, operation), operation, body, this.httpFor(call)), operation)
  }

  /** One page of a user's transfers on one chain, newest first (queryHistory). */
  async queryHistory(query: HistoryQuery, call: CallOptions = {}): Promise<HistoryPage> {
    return (await this.fetchHistory(query, call)).decode()
  }

  /** queryHistory in two steps, so that "load all" can have its next request in flight while it decodes. */
  async fetchHistory(query: HistoryQuery, call: CallOptions = {}): Promise<ArrivedHistoryPage> {
    const op = 'queryHistory'
    const address = checkInput(addressSchema, query.address, 'address', op)
    const chainId = checkInput(chainIdSchema, query.chainId, 'chainId', op)
    const pageNo = checkInput(pageNoSchema, query.pageNo ?? 1, 'pageNo', op)
    const pageSize = checkInput(this.pageSizeSchema, query.pageSize ?? Math.min(DEFAULT_PAGE_SIZE, this.maxPageSize), 'pageSize', op)
    const arrived = await postForText(apiUrl(this.baseUrl, op), op, { address, chainId, pageNo, pageSize }, this.httpFor(call))
    return {
      decode: () => decodeHistoryBody(arrived.text, op, arrived.status, arrived.contentType)
    }
  }

  /** The details of one transfer, by its source transaction hash (queryBridgeInfo). */
  async queryBridgeInfo(txHash: string, call: CallOptions = {}): Promise<TransferDetail> {
    const op = 'queryBridgeInfo'
    const hash = checkInput(txHashSchema, txHash, 'txHash', op)
    const arrived = await postForText(apiUrl(this.baseUrl, op), op, { txHash: hash }, this.httpFor(call))
    return this.details.decoded(`${hash}|${arrived.status}|${arrived.contentType ?? ''}`, arrived.text, (text) =>
      decodeTransferDetail(unwrapEnvelope(parseBody(text, op, arrived.status, arrived.contentType), op), op)
    )
  }

  /** All supported tokens grouped by chain id (queryTokenList); sent with no body. */
  async queryTokenList(call: CallOptions = {}): Promise<TokenList> {
    return decodeTokenList(await this.call('queryTokenList', undefined, call))
  }

  /** All supported chains (queryChainList); sent with no body. */
  async queryChainList(call: CallOptions = {}): Promise<ChainRecord[]> {
    return decodeChainList(await this.call('queryChainList', undefined, call))
  }

  /** tss_getVault for 'latest' or an epoch, on `rpcUrl` or else the configured URLs in order. */
  async getVault(epoch: string | number, call: CallOptions & { rpcUrl?: string } = {}): Promise<VaultResult> {
    canonicalEpoch(epoch) // input errors before the URL check, whatever the configuration
    const urls = call.rpcUrl ? [httpUrl(call.rpcUrl, 'rpcUrl').toString()] : [...this.rpcUrls]
    return getVault(urls, epoch, this.httpFor(call))
  }
}
