// Explorer links for what a real chain holds. The demo profile's transaction hashes and block heights are
// simulated, while its chain list names the real explorers: a link there would open someone else's
// transaction, or none. Addresses (tokens, vault members) are linked as before: they name real accounts.
import { DEMO_PROFILE_ID } from '@shared/profile-ids'
import type { Settings } from '@shared/schemas/settings'
import { explorerUrl } from '@shared/link'

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
