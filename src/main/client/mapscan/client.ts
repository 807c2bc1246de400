// MAP's Bridge Scan API (mapprotocol/docs, develop/sdk/bridge-api.md before its deletion): one host, no chain or
// token list. Its decoding is in decode.ts, its states in states.ts.
import { z } from 'zod'
import { txHashSchema, addressSchema, chainIdSchema } from '@shared/schemas/settings'
import type { ChainRecord, HistoryPage, TokenList, TransferDetail } from '@shared/schemas/wire'
import { decodeMapscanHistory, decodeMapscanInfo } from './decode'
import { checkInput, DEFAULT_MAX_PAGE_SIZE } from '../inputs'
import { checkBase, GetClient, type SuccessorClientOptions } from '../get-client'
import { lacks, type CallOptions, type QueryClient, type QueryOperation } from '../query-client'

const recordIdSchema = z.int('a record id is a whole number').positive('a record id is a positive integer')

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
