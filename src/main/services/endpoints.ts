// Turns the active profile into a client. The demo profile starts the embedded simulator on 127.0.0.1 the
// first time it is needed; a client is reused until the profile's settings change.
import type { Profile } from '@shared/schemas/settings'
import { AppError } from '@shared/errors'
import { demoDialectUrls } from '@shared/demo-network'
import { DEFAULT_DIALECT, descriptorOf, type Dialect } from '@shared/dialects'
import type { QueryClient } from '../client'

export interface ResolvedEndpoint {
  profileId: string
  /** which service answers at baseUrl (the profile's; ours when it names none) */
  dialect: Dialect
  baseUrl: string
  /** Butter's tokens API, beside its app API at baseUrl; null for the other dialects */
  tokensUrl: string | null
  rpcUrls: string[]
  timeoutMs: number
  maxPageSize: number
  /** MAP's TSS cross-chain API: the profile's, the demo network's, or null when the profile names none */
  tssUrl: string | null
}

/** Where the demo network answers; its second node lags each rotation and sometimes fails, as live ones do. */
export interface DemoUrls {
  baseUrl: string
  rpcUrl: string
  laggingRpcUrl?: string
  tssUrl?: string
}

export interface EndpointDeps {
  activeProfile: () => Profile
  startDemo: () => Promise<DemoUrls>
  createClient: (endpoint: ResolvedEndpoint) => QueryClient
}

export class Endpoints {
  private demo: Promise<DemoUrls> | null = null
  private current: { signature: string; endpoint: ResolvedEndpoint; client: QueryClient } | null = null

  constructor(private readonly deps: EndpointDeps) {}

  demoUrls(): Promise<DemoUrls> {
    this.demo ??= this.deps.startDemo().catch((error: unknown) => {
      this.demo = null
      throw new AppError({ kind: 'network', message: `The demo network could not start: ${(error as Error).message}` })
    })
    return this.demo
  }

  async resolve(profile: Profile = this.deps.activeProfile()): Promise<ResolvedEndpoint> {
    const dialect = profile.dialect ?? DEFAULT_DIALECT
    const second = descriptorOf(dialect).tokensUrl
    const common = { profileId: profile.id, dialect, timeoutMs: profile.timeoutMs, maxPageSize: profile.maxPageSize }
    if (profile.kind === 'demo') {
      const demo = await this.demoUrls()
      return { ...common, ...demoDialectUrls(demo.baseUrl, dialect), rpcUrls: demo.laggingRpcUrl ? [demo.rpcUrl, demo.laggingRpcUrl] : [demo.rpcUrl], tssUrl: demo.tssUrl ?? null }
    }
    if (!profile.baseUrl) {
      throw new AppError({ kind: 'input', message: `The profile "${profile.name}" has no base URL.`, field: 'baseUrl' })
    }
    if (second && !profile.tokensUrl?.trim()) {
      throw new AppError({ kind: 'input', message: `The profile "${profile.name}" speaks ${descriptorOf(dialect).name} but names no ${second.label}.`, field: 'tokensUrl' })
    }
    return {
      ...common,
      baseUrl: profile.baseUrl,
      tokensUrl: second ? (profile.tokensUrl?.trim() ?? null) : null,
      rpcUrls: profile.rpcUrls,
      tssUrl: profile.tssUrl?.trim() || null
    }
  }

  async active(): Promise<{ profileId: string; client: QueryClient; maxPageSize: number; endpoint: ResolvedEndpoint }> {
    const endpoint = await this.resolve()
    const signature = JSON.stringify(endpoint)
    if (!this.current || this.current.signature !== signature) {
      this.current = { signature, endpoint, client: this.deps.createClient(endpoint) }
    }
    return { profileId: endpoint.profileId, client: this.current.client, maxPageSize: endpoint.maxPageSize, endpoint }
  }

  client(endpoint: ResolvedEndpoint): QueryClient {
    return this.deps.createClient(endpoint)
  }
}
