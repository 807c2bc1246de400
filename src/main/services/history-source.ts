// The active profile's histories, as the loaded-history engine and the single-page history read them. "Load all"
// is one call (load): the profile turned into a client, every page of one history through it with progress and
// cancellation, and the token list that gives received amounts their destination decimals, asked beside the
// pages. One object handed to src/main/dataset (its LoadSource) and to HistoryService, so a load enters the
// services once and reaches the network from here, never back through the composition root.
import type { TokenList } from '@shared/schemas/wire'
import { loadAllHistory, type HistoryProgress, type LoadedAll, type QueryClient } from '../client'
import type { Endpoints } from './endpoints'
import type { QueryService } from './queries'

export interface HistoryLoad {
  profileId: string
  dialect: string
  query: { address: string; chainId: number; pageSize: number }
  walk: { ok: true; pages: LoadedAll } | { ok: false; error: unknown }
  tokens: Promise<TokenList | null>
}

export class ActiveHistories {
  constructor(private readonly deps: { endpoints: Endpoints; queries: QueryService }) {}

  /**
   * Every page of one history of the active profile, at the page size asked for within the profile's maximum.
   * Throws only when the profile gives no client; a walk that fails (or is cancelled) is answered with its error,
   * so the caller still knows whose history it was (and can read its offline copy).
   */
  async load(
    input: { address: string; chainId: number; pageSize?: number | undefined },
    options: { signal: AbortSignal; onProgress: (p: HistoryProgress) => void }
  ): Promise<HistoryLoad> {
    const { profileId, client, maxPageSize } = await this.deps.endpoints.active()
    const query = { address: input.address, chainId: input.chainId, pageSize: Math.min(input.pageSize ?? maxPageSize, maxPageSize) }
    // asked beside the pages, so it is there when they are; it never fails (null), so an unread one is harmless
    const tokens = this.tokens()
    const walk = await loadAllHistory(client, query, options).then(
      (pages) => ({ ok: true as const, pages }),
      (error: unknown) => ({ ok: false as const, error })
    )
    return { profileId, dialect: client.dialect, query, walk, tokens }
  }

  active(): Promise<{ profileId: string; client: QueryClient; maxPageSize: number }> {
    return this.deps.endpoints.active()
  }

  /** The cached copy when there is one (offline too), else one fetch; null when none can be had. */
  tokens(): Promise<TokenList | null> {
    return this.deps.queries.tokens('cache').then(
      (t) => t.data,
      () => null
    )
  }
}
