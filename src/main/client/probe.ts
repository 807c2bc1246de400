// Which dialect answers at a URL: one harmless read per dialect, each through that dialect's own client, so
// "recognised" means exactly "this client decodes what came back". The result only proposes; the user confirms.
import type { DialectProbe, DialectProbeTokens, DialectProbeTry } from '@shared/contract'
import { describeError, toErrorData } from '@shared/errors'
import { descriptorOf, DIALECTS, type Dialect } from '@shared/dialects'
import type { QueryClient } from './query-client'
import { DIALECT_CLIENTS } from './dialects'

/** A dialect's second host (Butter's tokens API), asked once: its chain list (no parameters), through the dialect's own client. */
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
      const read = DIALECT_CLIENTS[dialect].probe
      try {
        await read.run(clientFor(dialect))
        return { dialect, request: read.what, recognised: true, answer: 'answered as this service does' }
      } catch (e) {
        return { dialect, request: read.what, recognised: false, answer: describeError(toErrorData(e)) }
      }
    })
  )
  // a recognised dialect with a second host has that host asked too, before it is proposed
  const twoHosts = tried.find((t) => t.recognised && descriptorOf(t.dialect).tokensUrl !== null)?.dialect
  return { proposal: tried.find((t) => t.recognised)?.dialect ?? null, tried, tokens: twoHosts ? await probeTokens(() => clientFor(twoHosts), tokensUrl) : null }
}

async function probeTokens(client: () => QueryClient, url: string | null): Promise<DialectProbeTokens> {
  if (url === null) {
    return { url, request: TOKENS_READ, recognised: false, answer: "no tokens API URL was given: Butter's chains and tokens come from a second host; enter its URL" }
  }
  try {
    await client().queryChainList()
    return { url, request: TOKENS_READ, recognised: true, answer: "answered as Butter's tokens API does" }
  } catch (e) {
    return { url, request: TOKENS_READ, recognised: false, answer: describeError(toErrorData(e)) }
  }
}
