// The demo network as the product sees it. The product never starts one itself: the entry point hands the app
// context a plan (the demo a user runs, from src/demo; or a test rig's), so nothing a test needs to control a
// network is part of what the app ships.

/** What a newcomer may look up on the demo network: its busiest addresses. */
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

/**
 * Where the demo network speaks the successor dialects, under its own origin, from the same transfers: Butter's
 * app API and tokens API, and MAP's Bridge Scan API (src/demo/successors.ts).
 */
export const DEMO_DIALECT_PATHS = {
  butterApp: '/butter/app',
  butterTokens: '/butter/tokens',
  mapscan: '/mapscan'
} as const

/** The demo network's URLs for a dialect, from its base URL. */
export function demoDialectUrls(
  baseUrl: string,
  dialect: 'mcs' | 'butter' | 'mapscan'
): { baseUrl: string; tokensUrl: string | null } {
  const root = baseUrl.replace(/\/+$/, '')
  if (dialect === 'butter')
    return { baseUrl: root + DEMO_DIALECT_PATHS.butterApp, tokensUrl: root + DEMO_DIALECT_PATHS.butterTokens }
  if (dialect === 'mapscan') return { baseUrl: root + DEMO_DIALECT_PATHS.mapscan, tokensUrl: null }
  return { baseUrl, tokensUrl: null }
}

/** The demo network's chain RPCs (its /chain/<id> paths) for the chains its vault keeps a router on. */
export function demoChainRpc(baseUrl: string): Record<string, string> {
  return { '56': `${baseUrl}/chain/56` }
}
