// The keepers for the app's Vault view: the active profile's relay node (the demo network's when the demo
// profile is active), its keeper contracts or mainnet's, its chain-check RPCs for the routers' chains, and
// each maintainer's slash points beside what they were at the previous read, so a rise shows.
import { chainCheckSettings } from '@shared/chain-check'
import { demoChainRpc } from '@shared/demo-network'
import { AppError } from '@shared/errors'
import {
  DEFAULT_MAX_SCANNER_LAG,
  keeperSettings,
  type KeepersReport,
  type SolvencyReport
} from '@shared/keepers'
import type { Profile } from '@shared/schemas/settings'
import type { Fetch } from '../net'
import type { HttpOptions } from '../client'
import type { ResolvedEndpoint, DemoUrls } from '../services'
import { readKeepers } from './maintainers'
import { readKeepersRound, readSolvencyRound, type KeepersRound } from './round'

export interface KeepersServiceDeps {
  activeProfile: () => Profile
  resolve: () => Promise<ResolvedEndpoint>
  demoUrls: () => Promise<DemoUrls>
  fetch?: Fetch
}

export class KeepersService {
  /** each maintainer's slash points at the previous read, per profile and epoch */
  private readonly lastPoints = new Map<string, string>()
  constructor(private readonly deps: KeepersServiceDeps) {}

  private async where(): Promise<{
    url: string
    http: HttpOptions
    profile: Profile
    chainRpc: Record<string, string>
  }> {
    const profile = this.deps.activeProfile()
    const endpoint = await this.deps.resolve()
    const url = endpoint.rpcUrls[0]
    if (url === undefined)
      throw new AppError({
        kind: 'input',
        field: 'rpcUrls',
        message: `The profile "${profile.name}" names no JSON-RPC node for the relay chain.`
      })
    const chainRpc =
      profile.kind === 'demo'
        ? demoChainRpc((await this.deps.demoUrls()).baseUrl)
        : chainCheckSettings(profile).rpc
    return {
      url,
      profile,
      chainRpc,
      http: { timeoutMs: endpoint.timeoutMs, ...(this.deps.fetch ? { fetch: this.deps.fetch } : {}) }
    }
  }

  async maintainers(): Promise<KeepersReport> {
    const { url, http, profile } = await this.where()
    const s = keeperSettings(profile.kind === 'demo' ? null : profile)
    const report = await readKeepers({ relayRpc: url, contracts: s, healthPort: s.healthPort, http })
    return {
      ...report,
      maintainers: report.maintainers.map((m) => ({
        ...m,
        slashPointsBefore: this.remember(profile.id, report.epoch, m.address, m.slashPoints)
      }))
    }
  }

  private remember(profileId: string, epoch: string, address: string, points: string | null): string | null {
    const key = `${profileId}|${epoch}|${address.toLowerCase()}`
    const before = this.lastPoints.get(key) ?? null
    if (points !== null) this.lastPoints.set(key, points)
    return before
  }

  /** One round for the watcher: the maintainers, and the solvency when asked, under the watch's signal. */
  async round(check: { solvency: boolean; maxScannerLag: number }, signal: AbortSignal): Promise<KeepersRound> {
    const { url, http, profile, chainRpc } = await this.where()
    const s = keeperSettings(profile.kind === 'demo' ? null : profile)
    return readKeepersRound({
      relayRpc: url,
      contracts: s,
      healthPort: s.healthPort,
      http: { ...http, signal },
      lean: true,
      ...(check.solvency ? { solvency: { chainRpc, thresholdPct: s.thresholdPct, maxScannerLag: check.maxScannerLag } } : {})
    })
  }

  async solvency(): Promise<SolvencyReport> {
    const { url, http, profile, chainRpc } = await this.where()
    const s = keeperSettings(profile.kind === 'demo' ? null : profile)
    const { solvency } = await readSolvencyRound({
      relayRpc: url,
      contracts: s,
      healthPort: s.healthPort,
      http,
      solvency: { chainRpc, thresholdPct: s.thresholdPct, maxScannerLag: DEFAULT_MAX_SCANNER_LAG }
    })
    return solvency
  }
}
