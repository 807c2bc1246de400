// Public types of the demo network, re-exported by index.ts.
import type { SimCore } from './core'
import type { MotionOptions } from './motion'
import type { DemoGate } from './server'
import type { TssSimOptions } from './tss'

export type SimOperation =
  'queryHistory' | 'queryBridgeInfo' | 'queryTokenList' | 'queryChainList' | 'tss_getVault'

export interface SimOptions {
  /** 0 / undefined = random free port */
  port?: number
  /** default 1; same seed (and same `now`) → byte-identical data */
  seed?: number
  /** default 5000, up to 2,000,000; records are generated lazily from their index */
  transfers?: number
  /** share of all transfers sent by the busiest address (see DatasetOptions.heavyShare) */
  heavyShare?: number
  /** default 90: timestamps spread over the last N days before `now` at start */
  days?: number
  /** default 'usdt' → wire field `usdtValume` */
  stableSymbol?: string
  /** scheduled vault rotation while running; default 600_000; null = off */
  rotateEveryMs?: number | null
  /** default 'array' */
  vaultShape?: 'array' | 'object' | 'unknown'
  /** clock, default Date.now */
  now?: () => number
  /**
   * a network that moves: the busiest address gains transfers while it is read, arrivals settle over time, and
   * a second node (laggingRpcUrl) lags each rotation and sometimes fails. true: the demo's own settings.
   * Default off: a still world, for tests that count exactly.
   */
  motion?: boolean | MotionOptions
  /** the TSS cross-chain API's scanner stalls (see tss.ts) */
  tss?: TssSimOptions
  /** what stands between a request and its answer: none in the demo a user runs (a test rig's faults) */
  gate?: (core: SimCore) => DemoGate
}

export interface SimSample {
  addresses: { address: string; chainId: number; count: number }[]
  txHashes: string[]
  epochs: number[]
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
