// What the services need from the bridge client. BridgeClient (src/main/client) implements it; tests may
// pass the real client pointed at the simulator.
import type { ChainRecord, HistoryPage, TokenList, TransferDetail } from '@shared/schemas/wire'
import type { VaultResult } from '@shared/schemas/vault'

export interface CallOptions {
  signal?: AbortSignal
}

export interface BridgeApi {
  queryHistory(
    input: { address: string; chainId: number; pageNo?: number; pageSize?: number },
    options?: CallOptions
  ): Promise<HistoryPage>
  /** queryHistory with the decoding left to the caller, so that paging can overlap it with the next request */
  fetchHistory?(
    input: { address: string; chainId: number; pageNo?: number; pageSize?: number },
    options?: CallOptions
  ): Promise<{ decode(): HistoryPage }>
  queryBridgeInfo(txHash: string, options?: CallOptions): Promise<TransferDetail>
  queryTokenList(options?: CallOptions): Promise<TokenList>
  queryChainList(options?: CallOptions): Promise<ChainRecord[]>
  getVault(epoch: string | number, options?: CallOptions & { rpcUrl?: string }): Promise<VaultResult>
}
