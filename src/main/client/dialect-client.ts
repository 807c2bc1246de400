// What main does with a dialect, written in the dialect's own folder (<dialect>/dialect.ts) and gathered by
// dialects.ts: how a profile's endpoint becomes its client, and the one harmless read that recognises it.
import type { Fetch } from '../net'
import type { Dialect } from '@shared/dialects'
import type { QueryClient } from './query-client'

export interface ClientEndpoint {
  dialect: Dialect
  baseUrl: string
  /** the dialect's second host, where its descriptor names one (Butter's tokens API) */
  tokensUrl?: string | null
  rpcUrls?: string[]
  timeoutMs?: number
  maxPageSize?: number
  retries?: number
  fetch?: Fetch
}

/** The client options every dialect takes alike. */
export type CommonClientOptions = Pick<ClientEndpoint, 'timeoutMs' | 'maxPageSize' | 'retries' | 'fetch'>

/** An address no one holds: a history read for it asks nothing of anyone's transfers and answers an empty page. */
export const NOBODY = '0x0000000000000000000000000000000000000000'

export interface DialectClient {
  create(endpoint: ClientEndpoint, common: CommonClientOptions): QueryClient
  /** the read "Detect service" tries, through the dialect's own client, and what it is as the user is told */
  probe: { what: string; run(client: QueryClient): Promise<unknown> }
}
