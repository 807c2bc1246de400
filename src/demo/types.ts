// Public types of the demo network, re-exported by index.ts.

export type SimOperation =
  'queryHistory' | 'queryBridgeInfo' | 'queryTokenList' | 'queryChainList' | 'tss_getVault'

export interface SimSample {
  addresses: { address: string; chainId: number; count: number }[]
  txHashes: string[]
  epochs: number[]
  /** delivered transfers whose chains tell a leg differently from the service (chains.ts), one of each kind */
  disagreeing: { hash: string; lie: string }[]
}

export interface Simulator {
  /** http://127.0.0.1:PORT — the {base_url}; operations at {baseUrl}/api/<op> */
  baseUrl: string
  /** http://127.0.0.1:PORT/rpc — the {rpc_url} */
  rpcUrl: string
  /** a second node that lags each rotation by a few polls and sometimes fails (with motion; else it is like rpcUrl) */
  laggingRpcUrl: string
  /** whether this network moves */
  motion: boolean
  /** http://127.0.0.1:PORT — the TSS cross-chain API's root (GET /cross/…) */
  tssUrl: string
  /** the chains the TSS API scans, and whether the stalling one is stalled now */
  tss: { chainIds(): string[]; stalled(): boolean }
  port: number
  /** also ends hanging requests */
  close(): Promise<void>
  /** the busiest addresses, some transfer hashes and the epochs so far: what a newcomer may look up */
  sample(): SimSample
}
