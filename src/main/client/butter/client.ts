// Butter's swap-data API (butternetwork/docs, butterswap/butter-api-for-swap-data/): two hosts, the app API for
// transfers and the tokens API for chains and tokens. Its decoding is in decode.ts, its states in states.ts.
import { z } from 'zod'
import { AppError } from '@shared/errors'
import { txHashSchema, addressSchema, chainIdSchema } from '@shared/schemas/settings'
import type { ChainRecord, HistoryPage, TokenList, TokenRecord, TransferDetail } from '@shared/schemas/wire'
import { decodeButterChains, decodeButterHistoryBody, decodeButterInfo, decodeButterTokenPage, groupTokens } from './decode'
import { readTokenPages, type PageSpelling } from './token-paging'
import { checkInput } from '../inputs'
import { checkBase, GetClient, type SuccessorClientOptions } from '../get-client'
import type { CallOptions, QueryClient, QueryOperation } from '../query-client'

/** Butter's documented largest page ("max is 100"), for its history and its token list alike. */
export const BUTTER_MAX_PAGE_SIZE = 100
/** Pages read of one network's token list at most: 100 pages of 100 tokens, far past any network's count. */
const MAX_TOKEN_PAGES = 100

const orderIdSchema = z.string().trim().regex(/^0x[0-9a-fA-F]{64}$/, 'an order id is 0x followed by 64 hex digits')

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

