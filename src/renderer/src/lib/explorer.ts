// Explorer links for what a real chain holds. The demo profile's transaction hashes and block heights are
// simulated, while its chain list names the real explorers: a link there would open someone else's
// transaction, or none. Addresses (tokens, vault members) are linked as before: they name real accounts.
import { DEMO_PROFILE_ID } from '@shared/profile-ids'
import type { Settings } from '@shared/schemas/settings'
import { explorerUrl, judgeLink, originsOf, type LinkVerdict } from '@shared/link'
import type { AppInfo } from '@shared/contract'

/** The active profile runs the demo network. */
export function simulated(settings: Pick<Settings, 'profiles' | 'activeProfileId'> | null): boolean {
  if (!settings) return false
  const active = settings.profiles.find((p) => p.id === settings.activeProfileId)
  return active ? active.kind === 'demo' : settings.activeProfileId === DEMO_PROFILE_ID
}

/** explorerUrl (@shared/link, which judgeLink then judges as the service's), or null for a transaction or block of the demo profile */
export function chainExplorerUrl(settings: Parameters<typeof simulated>[0], ...args: Parameters<typeof explorerUrl>): string | null {
  return args[1] !== 'address' && simulated(settings) ? null : explorerUrl(...args)
}

/**
 * The origins of what the user pointed the active profile at (its service, tokens and TSS APIs, its nodes,
 * its chain-check RPCs; the demo network's own for the demo profile): a link a service names there leads
 * nowhere new, so it may be a link even on this computer or the private network.
 */
export function typedOrigins(settings: Pick<Settings, 'profiles' | 'activeProfileId'> | null, info: Pick<AppInfo, 'demo'> | null): string[] {
  const p = settings?.profiles.find((x) => x.id === settings.activeProfileId)
  return originsOf([p?.baseUrl, p?.tokensUrl, p?.tssUrl, ...(p?.rpcUrls ?? []), ...Object.values(p?.chainCheck?.rpc ?? {}), info?.demo?.baseUrl, info?.demo?.rpcUrl])
}

/** judgeLink for a URL the service named, as the active profile sees it */
export function serviceLink(url: string | null | undefined, settings: Parameters<typeof typedOrigins>[0], info: Parameters<typeof typedOrigins>[1]): LinkVerdict {
  return judgeLink(url, 'service', typedOrigins(settings, info))
}
