// A profile turned into endpoints (endpointOf: the one way, for the app and the CLI), and the active profile into
// a client. The demo profile starts the embedded simulator on 127.0.0.1 the first time it is needed; a client is
// reused until the profile's settings change.
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

/** What a shell was given in place of the profile's endpoints (the CLI's flags and variables), field by field. */
export interface GivenEndpoint {
  dialect?: Dialect | undefined
  baseUrl?: string | undefined
  tokensUrl?: string | undefined
  rpcUrls?: readonly string[] | undefined
  timeoutMs?: number | undefined
}

export interface EndpointWording {
  /** the refusal of a profile without a base URL, in the shell's words (what to do about it there) */
  noBaseUrl?: (profileName: string) => string
}

/**
 * Where a profile's requests go — the one place a profile becomes endpoints, for the app and the CLI alike. What
 * the shell was given wins field by field; the rest is the profile's, or for the demo profile the demo network's
 * (each dialect under its own path of the demo's origin, unless a base URL was given). A profile without a base
 * URL, none given, is refused naming the field.
 */
export function endpointOf(profile: Profile, demo: DemoUrls | null, given: GivenEndpoint = {}, wording: EndpointWording = {}): ResolvedEndpoint {
  const dialect = given.dialect ?? profile.dialect ?? DEFAULT_DIALECT
  // a second URL only for a service that has one (Butter's tokens API)
  const second = descriptorOf(dialect).tokensUrl !== null
  const common = { profileId: profile.id, dialect, timeoutMs: given.timeoutMs ?? profile.timeoutMs, maxPageSize: profile.maxPageSize }
  if (profile.kind === 'demo' && demo !== null) {
    const urls = given.baseUrl === undefined ? demoDialectUrls(demo.baseUrl, dialect) : { baseUrl: given.baseUrl, tokensUrl: null }
    return {
      ...common,
      baseUrl: urls.baseUrl,
      tokensUrl: second ? (given.tokensUrl ?? urls.tokensUrl) : null,
      rpcUrls: [...(given.rpcUrls ?? (demo.laggingRpcUrl ? [demo.rpcUrl, demo.laggingRpcUrl] : [demo.rpcUrl]))],
      tssUrl: demo.tssUrl ?? null
    }
  }
  const baseUrl = given.baseUrl ?? (profile.baseUrl.trim() || undefined)
  if (baseUrl === undefined) {
    const message = wording.noBaseUrl?.(profile.name) ?? `The profile "${profile.name}" has no base URL.`
    throw new AppError({ kind: 'input', message, field: 'baseUrl' })
  }
  return {
    ...common,
    baseUrl,
    tokensUrl: second ? (given.tokensUrl ?? (profile.tokensUrl?.trim() || null)) : null,
    rpcUrls: [...(given.rpcUrls ?? profile.rpcUrls)],
    tssUrl: profile.tssUrl?.trim() || null
  }
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
    const endpoint = endpointOf(profile, profile.kind === 'demo' ? await this.demoUrls() : null)
    const second = descriptorOf(endpoint.dialect).tokensUrl
    if (second && endpoint.tokensUrl === null) {
      throw new AppError({ kind: 'input', message: `The profile "${profile.name}" speaks ${descriptorOf(endpoint.dialect).name} but names no ${second.label}.`, field: 'tokensUrl' })
    }
    return endpoint
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
