// Which dialect answers at a URL: one harmless read per dialect, each through that dialect's own client, so
// "recognised" means exactly "this client decodes what came back". The result only proposes; the user confirms.
import type { DialectProbe, DialectProbeTokens, DialectProbeTry } from '@shared/contract'
import { describeError, toErrorData } from '@shared/errors'
import { DIALECTS, type Dialect } from '@shared/schemas/origin'
import type { QueryClient } from './query-client'
import type { ButterClient, MapscanClient } from './successor-clients'

/** An address no one holds: a history read for it asks nothing of anyone's transfers and answers an empty page. */
const NOBODY = '0x0000000000000000000000000000000000000000'

/** The one read tried per dialect, and what it was, as the user is told. */
const READS: Readonly<Record<Dialect, { what: string; run: (c: QueryClient) => Promise<unknown> }>> = {
  // ours: the chain list (one POST, no parameters)
  mcs: { what: 'POST /api/queryChainList', run: (c) => c.queryChainList() },
  // Butter's app API (the URL the profile's baseUrl names): one address's history, one row
  butter: { what: 'GET /api/queryBridgeHistoryByAddress', run: (c) => (c as ButterClient).queryHistory({ address: NOBODY, pageSize: 1 }) },
  // Bridge Scan has no chain list: one address's history on chain 1, one row
  mapscan: { what: 'GET /api/queryHistoryByChainIdAddress', run: (c) => (c as MapscanClient).queryHistory({ address: NOBODY, chainId: 1, pageSize: 1 }) }
}

/** Butter's tokens API, asked once: its chain list (no parameters), decoded by Butter's own chain decoder. */
const TOKENS_READ = 'GET /api/queryChainList'

/**
 * Tries every dialect at `baseUrl` (all at once: each is one small request) and proposes the first recognised,
 * ours first. `clientFor` builds the dialect's client on the URL (with the app's network settings; Butter's on
 * `tokensUrl` for its second host). When Butter's app API answers, its tokens API is asked once too, so a
 * profile is not proposed whose chains and tokens would then fail: a tokens URL that answers otherwise (or
 * none given) is reported with what answered.
 */
export async function probeDialects(clientFor: (dialect: Dialect) => QueryClient, tokensUrl: string | null = null): Promise<DialectProbe> {
  const tried = await Promise.all(
    DIALECTS.map(async (dialect): Promise<DialectProbeTry> => {
      const read = READS[dialect]
      try {
        await read.run(clientFor(dialect))
        return { dialect, request: read.what, recognised: true, answer: 'answered as this service does' }
      } catch (e) {
        return { dialect, request: read.what, recognised: false, answer: describeError(toErrorData(e)) }
      }
    })
  )
  const butter = tried.find((t) => t.dialect === 'butter')?.recognised === true
  return { proposal: tried.find((t) => t.recognised)?.dialect ?? null, tried, tokens: butter ? await probeTokens(clientFor, tokensUrl) : null }
}

async function probeTokens(clientFor: (dialect: Dialect) => QueryClient, url: string | null): Promise<DialectProbeTokens> {
  if (url === null) {
    return { url, request: TOKENS_READ, recognised: false, answer: "no tokens API URL was given: Butter's chains and tokens come from a second host; enter its URL" }
  }
  try {
    await (clientFor('butter') as ButterClient).queryChainList()
    return { url, request: TOKENS_READ, recognised: true, answer: "answered as Butter's tokens API does" }
  } catch (e) {
    return { url, request: TOKENS_READ, recognised: false, answer: describeError(toErrorData(e)) }
  }
}
