// Which TSS API a profile's cross-chain reads go to and which chains they follow: the one way for the app's
// Cross-chain view and watcher (app-context.ts, which the browser shell builds too) and the CLI's `tss …` and
// `watch tss` commands. What a shell was given wins field by field, as in endpointOf; unlike endpointOf, a profile
// that names a TSS API and no query service is answered, not refused: the TSS API is all `tss` needs.
import type { Profile, Settings } from '@shared/schemas/settings'
import { followedTssChains, type TssFollowed } from '../watch'
import type { DemoUrls } from './endpoints'

/** What a shell was given in place of the profile's (the CLI's flags and variables), already trimmed. */
export interface GivenTss {
  tssUrl?: string | undefined
  /** the query service whose chain list the followed chains start from */
  baseUrl?: string | undefined
  timeoutMs?: number | undefined
  /** the chains to follow, by id, instead of the chain list and the chains added in the app */
  chainIds?: readonly string[] | undefined
}

export interface TssEndpoint {
  /** the given one, else the profile's, else for the demo profile the demo network's; null when none is known */
  tssUrl: string | null
  /** where the chain list is read: the given base URL, else the profile's, else the demo network's; null when none */
  chainListUrl: string | null
  timeoutMs: number | undefined
  /** the chain ids given, or null: then the chain list plus `added` are followed */
  chainIds: string[] | null
  /** the chains added by id in the app for this profile (settings.tss.chains) */
  added: string[]
}

export interface TssSources {
  /** the active profile, or null when there are no settings (the CLI before the app first ran) */
  profile: Profile | null
  /** the chains added by id, per profile (settings.tss.chains) */
  addedChains?: Settings['tss']['chains'] | undefined
  /** the demo network, when one runs for the demo profile */
  demo?: DemoUrls | null | undefined
  given?: GivenTss | undefined
}

function trimmed(value: string | undefined): string | null {
  return value?.trim() || null
}

/** A profile (and what the shell was given) turned into the TSS API's URL and the followed chains' sources. */
export function tssEndpointOf({ profile, addedChains = {}, demo = null, given = {} }: TssSources): TssEndpoint {
  const isDemo = profile?.kind === 'demo'
  const own = isDemo ? { tssUrl: demo?.tssUrl, baseUrl: demo?.baseUrl } : { tssUrl: profile?.tssUrl, baseUrl: profile?.baseUrl }
  return {
    tssUrl: trimmed(given.tssUrl) ?? trimmed(own.tssUrl),
    chainListUrl: trimmed(given.baseUrl) ?? trimmed(own.baseUrl),
    timeoutMs: given.timeoutMs ?? profile?.timeoutMs,
    chainIds: given.chainIds?.length ? [...given.chainIds] : null,
    added: profile ? [...(addedChains[profile.id] ?? [])] : []
  }
}

/**
 * The chains a TSS read follows: the ids given; else the query service's chain list (read only then, through
 * the shell's own way to it: the app's cached list, the CLI's request) and the chains added by id.
 */
export async function tssFollowed(endpoint: TssEndpoint, chainList: () => Promise<readonly { chainId: number; chainName: string }[]>): Promise<TssFollowed[]> {
  if (endpoint.chainIds) return followedTssChains([], endpoint.chainIds)
  return followedTssChains(await chainList(), endpoint.added)
}
