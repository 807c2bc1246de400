// Transfer history one page at a time, cached per profile (stale-while-revalidate). A history loaded whole, with
// its windows, refreshes and exports, is the loaded-history engine's (src/main/dataset).
import type { Sourced } from '@shared/contract'
import { AppError } from '@shared/errors'
import { historyPageSchema } from '@shared/schemas/decoded'
import type { HistoryPage, TokenList } from '@shared/schemas/wire'
import { withReceivedTokens } from '@shared/amounts'
import type { DiskCache } from '../store'
import { withOutcome, type QueryClient } from '../client'
import { dialectKey, sourced } from './sourced'

export interface HistoryDeps {
  cache: DiskCache
  now: () => number
  /** the active client and the token list (received amounts stay raw without one): ActiveHistories in the app */
  source: {
    active(): Promise<{ profileId: string; client: QueryClient; maxPageSize: number }>
    tokens(): Promise<TokenList | null>
  }
}

const PAGE_MAX_AGE = 60_000

export class HistoryService {
  constructor(private readonly deps: HistoryDeps) {}

  async page(
    input: { address: string; chainId: number; pageNo: number; pageSize: number; prefer: 'cache' | 'network' }
  ): Promise<Sourced<HistoryPage>> {
    const { profileId, client, maxPageSize } = await this.deps.source.active()
    if (input.pageSize > maxPageSize) {
      throw new AppError({ kind: 'input', message: `pageSize: at most ${maxPageSize} for this profile`, field: 'pageSize' })
    }
    const address = input.address.toLowerCase()
    const page = await sourced(this.deps.cache, this.deps.now, {
      profileId,
      key: dialectKey(client, `history:${address}:${input.chainId}:${input.pageNo}:${input.pageSize}`),
      schema: historyPageSchema,
      maxAgeMs: PAGE_MAX_AGE,
      prefer: input.prefer,
      fetch: () => client.queryHistory({ ...input, address: input.address })
    })
    // a page cached before outcomes existed gets them from the same state tables
    for (const r of page.data.list) withOutcome(r, r.transferinHash)
    withReceivedTokens(page.data.list, await this.deps.source.tokens())
    return page
  }
}
