// What every caller of the bridge query service needs from it — the services, the loaded-history engine, the
// watcher, the CLI and the browser shell — whatever dialect of the service answers. Today one dialect speaks:
// MAP's MCS query service with its vault node (BridgeClient, spec section 4). A second dialect plugs in
// by implementing this interface and naming itself in `dialect`; no caller changes.
import type { VaultResult } from '@shared/schemas/vault'
import type { ChainRecord, HistoryPage, TokenList, TransferDetail } from '@shared/schemas/wire'

/** The dialects of the query service Bridgescope speaks; callers may branch on it where one says less. */
export type QueryDialect = 'mcs'

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

export interface QueryClient {
  readonly dialect: QueryDialect
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
}
