// The active profile's histories, as the loaded-history engine and the single-page history read them: the
// client the profile resolves to, every page of one history through it ("Load all"), and the token list that
// gives received amounts their destination decimals. One object handed to src/main/dataset (its LoadSource)
// and to HistoryService, so a load reaches the network from here and never back through the composition root.
import type { TokenList } from '@shared/schemas/wire'
import { loadAllHistory, type HistoryProgress, type LoadedAll, type QueryClient } from '../client'
import type { Endpoints } from './endpoints'
import type { QueryService } from './queries'

export class ActiveHistories {
  constructor(private readonly deps: { endpoints: Endpoints; queries: QueryService }) {}

  active(): Promise<{ profileId: string; client: QueryClient; maxPageSize: number }> {
    return this.deps.endpoints.active()
  }

  allPages(
    client: QueryClient,
    input: { address: string; chainId: number; pageSize: number },
    options: { signal: AbortSignal; onProgress: (p: HistoryProgress) => void }
  ): Promise<LoadedAll> {
    return loadAllHistory(client, input, options)
  }

  /** The cached copy when there is one (offline too), else one fetch; null when none can be had. */
  tokens(): Promise<TokenList | null> {
    return this.deps.queries.tokens('cache').then(
      (t) => t.data,
      () => null
    )
  }
}
