// The one place a profile's dialect becomes a client: our original query service (BridgeClient), Butter's
// swap-data API or MAP's Bridge Scan API, each behind the QueryClient face.
import { AppError } from '@shared/errors'
import type { Dialect } from '@shared/schemas/origin'
import type { Fetch } from '../net'
import { BridgeClient } from './bridge-api'
import type { QueryClient } from './query-client'
import { ButterClient, MapscanClient } from './successor-clients'

export interface ClientEndpoint {
  dialect: Dialect
  baseUrl: string
  /** Butter's tokens API; required for 'butter' */
  tokensUrl?: string | null
  rpcUrls?: string[]
  timeoutMs?: number
  maxPageSize?: number
  retries?: number
  fetch?: Fetch
}

export function createQueryClient(e: ClientEndpoint): QueryClient {
  const common = {
    ...(e.timeoutMs === undefined ? {} : { timeoutMs: e.timeoutMs }),
    ...(e.maxPageSize === undefined ? {} : { maxPageSize: e.maxPageSize }),
    ...(e.retries === undefined ? {} : { retries: e.retries }),
    ...(e.fetch === undefined ? {} : { fetch: e.fetch })
  }
  switch (e.dialect) {
    case 'mcs':
      return new BridgeClient({ baseUrl: e.baseUrl, rpcUrls: e.rpcUrls ?? [], ...common })
    case 'butter':
      if (!e.tokensUrl) {
        throw new AppError({ kind: 'input', field: 'tokensUrl', message: "Butter's swap-data API needs its tokens API URL (chains and tokens) beside the app API: set the profile's tokens URL" })
      }
      return new ButterClient({ appUrl: e.baseUrl, tokensUrl: e.tokensUrl, ...common })
    case 'mapscan':
      return new MapscanClient({ baseUrl: e.baseUrl, ...common })
  }
}
