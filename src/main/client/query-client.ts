// What every caller of the bridge query service needs from it — the services, the loaded-history engine, the
// watcher, the CLI and the browser shell — whatever dialect of the service answers: MAP's MCS query service
// with its vault node (BridgeClient, spec section 4), Butter's swap-data API (ButterClient) and MAP's Bridge
// Scan API (MapscanClient). Each names itself in `dialect`; what a dialect lacks fails with an error that says
// so and names what it offers (`lacks` below), and what only a successor has is an optional method.
import type { VaultResult } from '@shared/schemas/vault'
import type { ChainRecord, HistoryPage, TokenList, TransferDetail } from '@shared/schemas/wire'
import { DIALECT_NAMES, type Dialect } from '@shared/dialects'
import { AppError } from '@shared/errors'
import type { HttpOptions } from './http'

/** The dialects of the query service Bridgescope speaks; callers may branch on it where one says less. */
export type QueryDialect = Dialect

export interface CallOptions {
  signal?: AbortSignal
}

export interface HistoryQuery {
  address: string
  chainId: number
  pageNo?: number
  pageSize?: number
}

/**
 * A history page that has arrived but is not decoded yet. decode() does the CPU work (parse, envelope,
 * validation) and throws what queryHistory would throw.
 */
export interface ArrivedHistoryPage {
  decode(): HistoryPage
}

/** What every dialect's client is built with: the HTTP options of each call it makes, and its largest page. */
export interface ClientOptions extends Omit<HttpOptions, 'signal'> {
  /** the largest pageSize we ask for; the service's own maximum is not published */
  maxPageSize?: number
}

/** The operations a dialect may offer, as commands and views ask for them. */
export type QueryOperation = 'history' | 'historyAllChains' | 'transferByHash' | 'transferByOrderId' | 'transferByRecordId' | 'tokens' | 'chains' | 'vault'

export const OPERATION_NAMES: Readonly<Record<QueryOperation, string>> = {
  history: 'history by address and chain',
  historyAllChains: 'history by address across all chains',
  transferByHash: 'transfer by source transaction hash',
  transferByOrderId: 'transfer by order id',
  transferByRecordId: 'transfer by record id',
  tokens: 'token list',
  chains: 'chain list',
  vault: 'TSS vault (node JSON-RPC)'
}

export interface QueryClient {
  readonly dialect: QueryDialect
  /** what this dialect offers; a view or command that needs something else says so and offers these */
  readonly operations?: readonly QueryOperation[]
  /** the largest page size it asks for ("load all" pages by it unless told otherwise) */
  readonly maxPageSize: number
  /** the vault nodes getVault asks, in order; empty when none is configured */
  readonly rpcUrls: readonly string[]
  /** One page of an address's transfers on one chain, newest first, with the list's total at that moment. */
  queryHistory(query: HistoryQuery, call?: CallOptions): Promise<HistoryPage>
  /**
   * queryHistory in two steps, so that "load all" can have its next request in flight while it decodes. A
   * dialect that cannot split them leaves it out, and "load all" asks queryHistory.
   */
  fetchHistory?(query: HistoryQuery, call?: CallOptions): Promise<ArrivedHistoryPage>
  /** One transfer, by its source transaction hash. */
  queryBridgeInfo(txHash: string, call?: CallOptions): Promise<TransferDetail>
  /** Every supported token, grouped by chain id. */
  queryTokenList(call?: CallOptions): Promise<TokenList>
  /** Every supported chain. */
  queryChainList(call?: CallOptions): Promise<ChainRecord[]>
  /** The TSS vault, 'latest' or an epoch, from `rpcUrl` or else the configured nodes in order. */
  getVault(epoch: string | number, call?: CallOptions & { rpcUrl?: string }): Promise<VaultResult>
  /** One page of an address's transfers on every chain at once (Butter: its history's chainId is optional). */
  queryHistoryAllChains?(query: Omit<HistoryQuery, 'chainId'>, call?: CallOptions): Promise<HistoryPage>
  /** One transfer by its order id (Butter). */
  queryByOrderId?(orderId: string, call?: CallOptions): Promise<TransferDetail>
  /** One transfer by the service's own record id (Bridge Scan). */
  queryByRecordId?(id: number, call?: CallOptions): Promise<TransferDetail>
}

/** What an mcs client offers (BridgeClient predates `operations`). */
export const MCS_OPERATIONS: readonly QueryOperation[] = ['history', 'transferByHash', 'tokens', 'chains', 'vault']

export function operationsOf(client: Pick<QueryClient, 'operations'>): readonly QueryOperation[] {
  return client.operations ?? MCS_OPERATIONS
}

/** The error for an operation a dialect does not have: says so, and names what it offers instead. */
export function lacks(dialect: QueryDialect, operation: QueryOperation, offers: readonly QueryOperation[]): AppError {
  return new AppError({
    kind: 'input',
    operation: OPERATION_NAMES[operation],
    message: `${DIALECT_NAMES[dialect]} has no ${OPERATION_NAMES[operation]}. It offers: ${offers.map((o) => OPERATION_NAMES[o]).join('; ')}.`
  })
}
