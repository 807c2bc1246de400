// One round of the keepers' checks, as the watcher and `vault solvency` take it: the maintainers and their
// nodes first (the scanners' lag decides whether the books can be judged), then, when asked, each vault's
// books against the chains' finalized balances with those scanners.
import type { KeeperContracts, KeepersReport, ScannerLag, SolvencyReport } from '@shared/keepers'
import type { HttpOptions } from '../client'
import { readKeepers } from './maintainers'
import { readSolvency } from './solvency'

export interface KeepersRoundOptions {
  relayRpc: string
  contracts: KeeperContracts
  /** null: the nodes are not asked (no scanner lag is known then) */
  healthPort: number | null
  http: HttpOptions
  healthTimeoutMs?: number
  /** a watch's round: each node's two status paths only (no /ping, no peer id) */
  lean?: boolean
  /** absent: the maintainers only */
  solvency?: SolvencyCheck
}

export interface SolvencyCheck {
  chainRpc: Readonly<Record<string, string>>
  thresholdPct: string
  maxScannerLag: number
}

export interface KeepersRound {
  keepers: KeepersReport | null
  solvency: SolvencyReport | null
}

/** The scanners of every node that answered: what the books' lag is read from. */
export function reachableScanners(keepers: KeepersReport | null): ScannerLag[][] {
  return (keepers?.maintainers ?? []).flatMap((m) => (m.node?.reachable ? [m.node.scanners] : []))
}

/** The maintainers (with their nodes unless the port is null) and, when asked, the solvency. */
export async function readKeepersRound(o: KeepersRoundOptions): Promise<KeepersRound> {
  if (o.solvency) return readSolvencyRound({ ...o, solvency: o.solvency })
  return { keepers: await maintainersOf(o), solvency: null }
}

/** The solvency round: the maintainers' nodes first (none asked when the port is null), then the books. */
export async function readSolvencyRound(
  o: KeepersRoundOptions & { solvency: SolvencyCheck }
): Promise<{ keepers: KeepersReport | null; solvency: SolvencyReport }> {
  const keepers = o.healthPort === null ? null : await maintainersOf(o)
  const solvency = await readSolvency({
    relayRpc: o.relayRpc,
    viewController: o.contracts.viewController,
    tssManager: o.contracts.tssManager,
    chainRpc: o.solvency.chainRpc,
    thresholdPct: o.solvency.thresholdPct,
    maxScannerLag: o.solvency.maxScannerLag,
    scanners: reachableScanners(keepers),
    http: o.http
  })
  return { keepers, solvency }
}

function maintainersOf(o: KeepersRoundOptions): Promise<KeepersReport> {
  return readKeepers({
    relayRpc: o.relayRpc,
    contracts: o.contracts,
    healthPort: o.healthPort,
    http: o.http,
    ...(o.healthTimeoutMs ? { healthTimeoutMs: o.healthTimeoutMs } : {}),
    ...(o.lean ? { lean: true } : {})
  })
}
