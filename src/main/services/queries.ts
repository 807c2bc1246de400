// The cached single-record queries: chain list, token list, one transfer, one vault record.
import type { Sourced } from '@shared/contract'
import { chainListSchema, tokenListSchema, transferDetailSchema, vaultResultSchema } from '@shared/schemas/decoded'
import type { ChainRecord, TokenList, TransferDetail } from '@shared/schemas/wire'
import type { VaultResult } from '@shared/schemas/vault'
import type { DiskCache } from '../store'
import { withOutcome, type QueryClient } from '../client'
import { dialectKey, sourced } from './sourced'

type Prefer = 'cache' | 'network'
export interface QueryDeps {
  cache: DiskCache
  now: () => number
  endpoint: () => Promise<{ profileId: string; client: QueryClient }>
  /** accepts 'latest', decimal or hex; returns 'latest' or the canonical hex quantity */
  canonicalEpoch: (input: string) => string
}

const HOUR = 3_600_000

export class QueryService {
  constructor(private readonly deps: QueryDeps) {}

  async chains(prefer: Prefer): Promise<Sourced<ChainRecord[]>> {
    const { profileId, client } = await this.deps.endpoint()
    return sourced(this.deps.cache, this.deps.now, {
      profileId, key: dialectKey(client, 'chains'), schema: chainListSchema, maxAgeMs: HOUR, prefer, fetch: () => client.queryChainList()
    })
  }

  async tokens(prefer: Prefer): Promise<Sourced<TokenList>> {
    const { profileId, client } = await this.deps.endpoint()
    return sourced(this.deps.cache, this.deps.now, {
      profileId, key: dialectKey(client, 'tokens'), schema: tokenListSchema, maxAgeMs: HOUR, prefer, fetch: () => client.queryTokenList()
    })
  }

  async transfer(txHash: string, prefer: Prefer): Promise<Sourced<TransferDetail>> {
    const { profileId, client } = await this.deps.endpoint()
    const hash = txHash.trim().toLowerCase()
    const found = await sourced(this.deps.cache, this.deps.now, {
      profileId, key: dialectKey(client, `transfer:${hash}`), schema: transferDetailSchema, maxAgeMs: 30_000, prefer,
      fetch: () => client.queryBridgeInfo(txHash.trim())
    })
    // a transfer cached before outcomes existed gets its outcome from the same state tables
    withOutcome(found.data, found.data.transferInHash)
    return found
  }

  async vault(epoch: string, prefer: Prefer): Promise<Sourced<VaultResult>> {
    const query = this.deps.canonicalEpoch(epoch)
    const { profileId, client } = await this.deps.endpoint()
    return sourced(this.deps.cache, this.deps.now, {
      profileId,
      key: `vault:${query}`,
      schema: vaultResultSchema,
      // a past epoch never changes; 'latest' does
      maxAgeMs: query === 'latest' ? 60_000 : Number.POSITIVE_INFINITY,
      prefer,
      fetch: () => client.getVault(query)
    })
  }
}
