// The demo network as the app and the browser shell run it: a network that moves as a live one does
// (arrivals, settling transfers, a lagging node, a vault that rotates every ten minutes), on a first run
// watched from its busiest address.
import type { DemoNetworkPlan } from '@shared/demo-network'
import { startSimulator, type SimOptions } from './index'
import { EXTRA_CHAIN_ID } from './tss'

export interface DemoPlanOptions extends SimOptions {
  /** default true: a newcomer's first run watches the busiest address */
  watchOnFirstRun?: boolean
}

export function demoNetworkPlan(options: DemoPlanOptions = {}): DemoNetworkPlan {
  const { watchOnFirstRun = true, ...sim } = options
  return {
    watchOnFirstRun,
    extraTssChains: [EXTRA_CHAIN_ID],
    async start() {
      const network = await startSimulator({ seed: 1, transfers: 5000, rotateEveryMs: 600_000, motion: true, ...sim })
      return {
        baseUrl: network.baseUrl,
        rpcUrl: network.rpcUrl,
        tssUrl: network.tssUrl,
        ...(network.motion ? { laggingRpcUrl: network.laggingRpcUrl } : {}),
        sample: () => network.sample(),
        close: () => network.close()
      }
    }
  }
}
