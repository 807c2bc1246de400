import type { MotionOptions } from './motion'
// Public types of the demo network, re-exported by index.ts.
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
}

export interface FaultSpec {
  latencyMs?: number
  /** HTTP status with a JSON body, e.g. 500, 502, 503, 429 */
  status?: number
  /** HTTP 502 with an HTML page body */
  html?: boolean
  /** valid response cut in half */
  truncate?: boolean
  /** held unanswered until released (Simulator.releaseHeld, POST /__sim/release) or closed */
  hang?: boolean
  /** headers at once, then the valid body one byte every N ms (a reply that has started, then crawls) */
  dripMs?: number
  /** HTTP 200, code ≠ 200 */
  envelope?: { code: number; message: string }
  /** fields with wrong JSON types, e.g. total:"x", chainId:"abc" */
  wrongTypes?: boolean
  /** a valid-looking body of N MB */
  hugeBodyMb?: number
  /** JSON-RPC error object (tss_getVault only) */
  rpcError?: { code: number; message: string }
  /** JSON-RPC answer with another id (tss_getVault only) */
  badId?: boolean
  /** probability 0..1 that a request gets the fault, default 1, deterministic PRNG */
  rate?: number
  /** apply to the next N matching requests only, then clear */
  times?: number
}

export interface SimSample {
  addresses: { address: string; chainId: number; count: number }[]
  txHashes: string[]
  epochs: number[]
}

export interface SimStats {
  requests: Record<SimOperation, number>
  /** requests a hang fault is holding now */
  held: number
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
  setFaults(op: SimOperation | '*', spec: FaultSpec | null): void
  clearFaults(): void
  /** answers every request a hang fault holds with its normal answer; returns how many */
  releaseHeld(): number
  /** new epoch now */
  rotateVault(): { epoch: number; publicKey: string }
  /** holds back the newest `count` transfers of an address on a chain (tests); answers how many are held */
  hold(address: string, chainId: number, count: number): number
  /** up to `count` held-back transfers of an address on a chain arrive at its head (tests); answers how many did */
  arrive(address: string, chainId: number, count: number): number
  sample(): SimSample
  stats(): SimStats
}
