// Endpoint checks: is the query service reachable (a chain list round trip) and each node (tss_getVault
// latest), with latency. Used by Settings' "test connection" and the Overview's health card.
import type { EndpointCheck } from '@shared/contract'
import { toErrorData } from '@shared/errors'
import type { ResolvedEndpoint } from './endpoints'
import type { QueryClient } from '../client'

async function timed(url: string, now: () => number, call: () => Promise<unknown>): Promise<EndpointCheck> {
  const start = now()
  try {
    await call()
    return { url, ok: true, latencyMs: Math.round(now() - start) }
  } catch (error) {
    return { url, ok: false, latencyMs: null, error: toErrorData(error) }
  }
}

export async function checkEndpoint(
  endpoint: ResolvedEndpoint,
  client: QueryClient,
  now: () => number = () => performance.now()
): Promise<{ api: EndpointCheck | null; rpc: EndpointCheck[] }> {
  const [api, ...rpc] = await Promise.all([
    endpoint.baseUrl ? timed(endpoint.baseUrl, now, () => client.queryChainList()).then((c) => askedAt(c, endpoint)) : Promise.resolve(null),
    ...endpoint.rpcUrls.map((url) => timed(url, now, () => client.getVault('latest', { rpcUrl: url })))
  ])
  return { api: api ?? null, rpc: rpc.filter((c): c is EndpointCheck => c !== null) }
}

/**
 * The check with the URL that failed it: a dialect may read its chain list from a second host (Butter's tokens
 * API), and its failure names that field, so the check names that host rather than the app API's.
 */
function askedAt(check: EndpointCheck, endpoint: ResolvedEndpoint): EndpointCheck {
  return check.error?.field === 'tokensUrl' && endpoint.tokensUrl ? { ...check, url: endpoint.tokensUrl } : check
}
