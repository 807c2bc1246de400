// The one place a profile's dialect becomes a client: the dialect's own folder builds it (dialects.ts), behind
// the QueryClient face.
import type { QueryClient } from './query-client'
import { DIALECT_CLIENTS } from './dialects'
import type { ClientEndpoint } from './dialect-client'

export type { ClientEndpoint } from './dialect-client'

export function createQueryClient(e: ClientEndpoint): QueryClient {
  const common = {
    ...(e.timeoutMs === undefined ? {} : { timeoutMs: e.timeoutMs }),
    ...(e.maxPageSize === undefined ? {} : { maxPageSize: e.maxPageSize }),
    ...(e.retries === undefined ? {} : { retries: e.retries }),
    ...(e.fetch === undefined ? {} : { fetch: e.fetch })
  }
  return DIALECT_CLIENTS[e.dialect].create(e, common)
}
