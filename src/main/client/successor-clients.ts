// Clients of the successor dialects, behind the same QueryClient face as the original (bridge-api.ts): Butter's
// swap-data API (two hosts: the app API for transfers, the tokens API for chains and tokens) and MAP's Bridge
// Scan API. Every call is a GET with query parameters and the same {code, message, data} envelope; inputs are
// checked before anything is sent, as the original client does. Sources: butter-decode.ts, mapscan-decode.ts.
import { z } from 'zod'
import { AppError } from '@shared/errors'
import { addressSchema, chainIdSchema, txHashSchema } from '@shared/schemas/settings'
import type { ChainRecord, HistoryPage, TokenList, TokenRecord, TransferDetail } from '@shared/schemas/wire'
import type { VaultResult } from '@shared/schemas/vault'
import { checkInput, DEFAULT_MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE } from './bridge-api'
import { decodeButterChains, decodeButterHistoryBody, decodeButterInfo, decodeButterTokenPage, groupTokens } from './butter-decode'
import { decodeMapscanHistory, decodeMapscanInfo } from './mapscan-decode'
import { apiUrl, getForText, getJson, httpOptionsOf, httpUrl, type ArrivedBody, type HttpOptions } from './http'
import { unwrapEnvelope } from './decode'
import { readTokenPages, type PageSpelling } from './token-paging'
import { lacks, type CallOptions, type ClientOptions, type QueryClient, type QueryDialect, type QueryOperation } from './query-client'

/** Butter's documented largest page ("max is 100"), for its history and its token list alike. */
export const BUTTER_MAX_PAGE_SIZE = 100
/** Pages read of one network's token list at most: 100 pages of 100 tokens, far past any network's count. */
const MAX_TOKEN_PAGES = 100

export type SuccessorClientOptions = ClientOptions

const pageNoSchema = z.int('a page number is a whole number').min(1, 'pages start at 1')
const orderIdSchema = z.string().trim().regex(/^0x[0-9a-fA-F]{64}$/, 'an order id is 0x followed by 64 hex digits')
const recordIdSchema = z.int('a record id is a whole number').positive('a record id is a positive integer')

/** {base}/api/<operation>?<params>, the base's own path prefix kept (as apiUrl does for the original). */
export function getUrl(baseUrl: string, operation: string, params: Record<string, string | number | undefined>): string {
  const url = new URL(apiUrl(baseUrl, operation))
  for (const [k, v] of Object.entries(params)) if (v !== undefined) url.searchParams.set(k, String(v))
  return url.toString()
}

abstract class GetClient {
  abstract readonly dialect: QueryDialect
  abstract readonly operations: readonly QueryOperation[]
  readonly maxPageSize: number
  readonly rpcUrls: readonly string[] = []
  protected readonly pageSizeSchema: z.ZodType<number>
  private readonly http: HttpOptions

  constructor(opts: SuccessorClientOptions, largestPage: number) {
    this.maxPageSize = Math.min(opts.maxPageSize ?? DEFAULT_MAX_PAGE_SIZE, largestPage)
    this.pageSizeSchema = z.int('a page size is a whole number').min(1, 'at least 1').max(this.maxPageSize, `at most ${this.maxPageSize}`)
    this.http = httpOptionsOf(opts)
  }

  private httpFor(call: CallOptions): HttpOptions {
    return { ...this.http, ...(call.signal ? { signal: call.signal } : {}) }
  }

  protected async get(baseUrl: string, operation: string, params: Record<string, string | number | undefined>, call: CallOptions): Promise<unknown> {
    return unwrapEnvelope(await getJson(getUrl(baseUrl, operation, params), operation, this.httpFor(call)), operation)
  }

  /** get up to the body text: for a decoder that reads the text its own way (Butter's history page). */
  protected getText(baseUrl: string, operation: string, params: Record<string, string | number | undefined>, call: CallOptions): Promise<ArrivedBody> {
    return getForText(getUrl(baseUrl, operation, params), operation, this.httpFor(call))
  }

  protected page(query: { pageNo?: number | undefined; pageSize?: number | undefined }, op: string): { pageNo: number; pageSize: number } {
    return {
      pageNo: checkInput(pageNoSchema, query.pageNo ?? 1, 'pageNo', op),
      pageSize: checkInput(this.pageSizeSchema, query.pageSize ?? Math.min(DEFAULT_PAGE_SIZE, this.maxPageSize), 'pageSize', op)
    }
  }

  /** One transfer by one query parameter: the value checked (named as `field`), asked, "none" told as such, decoded. */
  protected async lookup<V extends string | number>(
    base: string,
    op: string,
    ask: { field: string; param: string; value: unknown; schema: z.ZodType<V>; what: string },
    decode: (data: unknown, operation: string) => TransferDetail,
    call: CallOptions
  ): Promise<TransferDetail> {
    const value = checkInput(ask.schema, ask.value, ask.field, op)
    const data = await this.get(base, op, { [ask.param]: value }, call)
    notFound(data, op, ask.what)
    return decode(data, op)
  }

  getVault(): Promise<VaultResult> {
    return Promise.reject(lacks(this.dialect, 'vault', this.operations))
  }
}

function checkBase(url: string, field: string): string {
  if (url.trim() === '') throw new AppError({ kind: 'input', field, message: `${field}: no URL is configured` })
  return httpUrl(url, field).toString()
}

/** A single-transfer answer whose `info` is null: the service knows no such transfer. */
function notFound(data: unknown, operation: string, what: string): void {
  if (data === null || (typeof data === 'object' && data !== null && 'info' in data && data.info === null)) {
    throw new AppError({ kind: 'api', operation, message: `the service knows no transfer with that ${what}` })
  }
}

export interface ButterClientOptions extends SuccessorClientOptions {
  /** the app API: history and transfers (https://bs-app-api.chainservice.io) */
  appUrl: string
  /** the tokens API: chains and tokens (https://bs-tokens-api.chainservice.io) */
  tokensUrl: string
}

/** Butter's swap-data API (butternetwork/docs, butterswap/butter-api-for-swap-data/). */
export class ButterClient extends GetClient implements QueryClient {
  readonly dialect = 'butter'
  readonly operations: readonly QueryOperation[] = ['history', 'historyAllChains', 'transferByHash', 'transferByOrderId', 'tokens', 'chains']
  readonly appUrl: string
  readonly tokensUrl: string

  constructor(opts: ButterClientOptions) {
    super(opts, BUTTER_MAX_PAGE_SIZE)
    this.appUrl = checkBase(opts.appUrl, 'baseUrl')
    this.tokensUrl = checkBase(opts.tokensUrl, 'tokensUrl')
  }

  /** One page of an address's transfers, on one source chain or (chainId left out) on every chain. */
  async queryHistory(query: { address: string; chainId?: number | undefined; pageNo?: number; pageSize?: number }, call: CallOptions = {}): Promise<HistoryPage> {
    const op = 'queryBridgeHistoryByAddress'
    const address = checkInput(addressSchema, query.address, 'address', op)
    const chainId = query.chainId === undefined ? undefined : checkInput(chainIdSchema, query.chainId, 'chainId', op)
    const { pageNo, pageSize } = this.page(query, op)
    const arrived = await this.getText(this.appUrl, op, { page: pageNo, size: pageSize, address, chainId }, call)
    return decodeButterHistoryBody(arrived.text, op, arrived.status, arrived.contentType)
  }

  queryHistoryAllChains(query: { address: string; pageNo?: number; pageSize?: number }, call: CallOptions = {}): Promise<HistoryPage> {
    return this.queryHistory(query, call)
  }

  queryBridgeInfo(txHash: string, call: CallOptions = {}): Promise<TransferDetail> {
    const ask = { field: 'txHash', param: 'hash', value: txHash, schema: txHashSchema, what: 'source hash' }
    return this.lookup(this.appUrl, 'queryBridgeInfoBySourceHash', ask, decodeButterInfo, call)
  }

  queryByOrderId(orderId: string, call: CallOptions = {}): Promise<TransferDetail> {
    const ask = { field: 'orderId', param: 'orderId', value: orderId, schema: orderIdSchema, what: 'order id' }
    return this.lookup(this.appUrl, 'queryCrossInfoByOrderId', ask, decodeButterInfo, call)
  }

  async queryChainList(call: CallOptions = {}): Promise<ChainRecord[]> {
    return this.fromTokensApi('queryChainList', {}, call, decodeButterChains)
  }

  /**
   * A read from the tokens API, whose failures name the profile's field they came through (tokensUrl): the
   * app API may be well while this host is down, and a view says which of the two failed.
   */
  private async fromTokensApi<T>(operation: string, params: Record<string, string | number | undefined>, call: CallOptions, decode: (data: unknown) => T): Promise<T> {
    try {
      return decode(await this.get(this.tokensUrl, operation, params, call))
    } catch (error) {
      if (error instanceof AppError && error.field === undefined) throw new AppError({ ...error.toData(), field: 'tokensUrl' }, { cause: error })
      throw error
    }
  }

  /** The paging spelling this service answered to last (token-paging.ts): tried first for the next network. */
  private tokenPaging: PageSpelling = 'page/size'

  /**
   * Every token of every network: the chain list names the networks (`key`), and each network's list is read
   * page by page until its count is reached, every page checked (token-paging.ts).
   */
  async queryTokenList(call: CallOptions = {}): Promise<TokenList> {
    const chains = await this.queryChainList(call)
    const tokens: TokenRecord[] = []
    for (const chain of chains) {
      const network = typeof chain.key === 'string' ? chain.key : chain.chain
      const fetchPage = async (params: Record<string, number>) => this.fromTokensApi('queryTokenList', { network, ...params }, call, decodeButterTokenPage)
      const got = await readTokenPages(network, fetchPage, this.tokenPaging, BUTTER_MAX_PAGE_SIZE, MAX_TOKEN_PAGES)
      this.tokenPaging = got.spelling
      tokens.push(...got.tokens)
    }
    return groupTokens(tokens)
  }
}

export interface MapscanClientOptions extends SuccessorClientOptions {
  /** https://bn-api.chainservice.io */
  baseUrl: string
}

/** MAP's Bridge Scan API (mapprotocol/docs, develop/sdk/bridge-api.md before its deletion). */
export class MapscanClient extends GetClient implements QueryClient {
  readonly dialect = 'mapscan'
  readonly operations: readonly QueryOperation[] = ['history', 'transferByHash', 'transferByRecordId']
  readonly baseUrl: string

  constructor(opts: MapscanClientOptions) {
    super(opts, DEFAULT_MAX_PAGE_SIZE)
    this.baseUrl = checkBase(opts.baseUrl, 'baseUrl')
  }

  async queryHistory(query: { address: string; chainId: number; pageNo?: number; pageSize?: number }, call: CallOptions = {}): Promise<HistoryPage> {
    const op = 'queryHistoryByChainIdAddress'
    const address = checkInput(addressSchema, query.address, 'address', op)
    const chainId = checkInput(chainIdSchema, query.chainId, 'chainId', op)
    const page = this.page(query, op)
    return decodeMapscanHistory(await this.get(this.baseUrl, op, { chainId, address, page: page.pageNo, size: page.pageSize }, call), page)
  }

  queryBridgeInfo(txHash: string, call: CallOptions = {}): Promise<TransferDetail> {
    const ask = { field: 'txHash', param: 'txHash', value: txHash, schema: txHashSchema, what: 'source hash' }
    return this.lookup(this.baseUrl, 'queryCrossInfoBySourceHash', ask, decodeMapscanInfo, call)
  }

  queryByRecordId(id: number, call: CallOptions = {}): Promise<TransferDetail> {
    const ask = { field: 'id', param: 'id', value: id, schema: recordIdSchema, what: 'record id' }
    return this.lookup(this.baseUrl, 'queryCrossInfoById', ask, decodeMapscanInfo, call)
  }

  queryTokenList(): Promise<TokenList> {
    return Promise.reject(lacks(this.dialect, 'tokens', this.operations))
  }

  queryChainList(): Promise<ChainRecord[]> {
    return Promise.reject(lacks(this.dialect, 'chains', this.operations))
  }
}
