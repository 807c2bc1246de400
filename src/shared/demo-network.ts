// The demo network as the product sees it. The product never starts one itself: the entry point hands the app
// context a plan (the demo a user runs, from src/demo; or a test rig's), so nothing a test needs to control a
// network is part of what the app ships.

/** What a newcomer may look up on the demo network: its busiest addresses. */
import { descriptorOf, type Dialect } from './dialects'
export interface DemoSample {
  addresses: { address: string; chainId: number; count: number }[]
}

/** A running demo network. */
export interface DemoNetwork {
  /** the query service's {base_url} */
  baseUrl: string
  /** the JSON-RPC node */
  rpcUrl: string
  /** a second node that lags rotations, when the network moves */
  laggingRpcUrl?: string
  /** the TSS cross-chain API's root */
  tssUrl: string
  sample(): DemoSample
  close(): Promise<void>
}

/** How to start the demo network the demo profile points at, and what a first run on it does. */
export interface DemoNetworkPlan {
  start(): Promise<DemoNetwork>
  /** on a first run on the demo profile, watch the busiest address and load its history (tests start empty) */
  watchOnFirstRun: boolean
  /** chains the Cross-chain view follows on a first run beyond the chain list's (a chain added by id) */
  extraTssChains: string[]
}

/** The demo network's URLs for a dialect, from its base URL: where its descriptor says the demo speaks it. */
export function demoDialectUrls(baseUrl: string, dialect: Dialect): { baseUrl: string; tokensUrl: string | null } {
  const root = baseUrl.replace(/\/+$/, '')
  const { base, tokens } = descriptorOf(dialect).demo
  return { baseUrl: base ? root + base : baseUrl, tokensUrl: tokens ? root + tokens : null }
}

/** The demo network's chain RPCs (its /chain/<id> paths) for the chains its vault keeps a router on. */
export function demoChainRpc(baseUrl: string): Record<string, string> {
  return { '56': `${baseUrl}/chain/56` }
}
