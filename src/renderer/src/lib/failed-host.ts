// Which host a failed read went to, for a sentence that names it: a profile may speak to two hosts (Butter's
// app API and its tokens API), and "the query service failed" sends a person to the wrong one.
import type { EndpointCheck } from '@shared/contract'
import type { AppErrorData } from '@shared/errors'
import type { Profile } from '@shared/schemas/settings'

/** The profile's URL fields an error may name as the way it came (the client sets `field` to one of them). */
const HOST_FIELDS = ['tokensUrl', 'tssUrl', 'baseUrl'] as const

/** The host (name and port) of the URL the error came through: the field it names, else the base URL; null if none. */
export function failedHost(error: AppErrorData, profile: Profile | null | undefined): string | null {
  if (!profile) return null
  const named = HOST_FIELDS.find((f) => f === error.field)
  const url = profile[named ?? 'baseUrl'] ?? ''
  try {
    return url ? new URL(url).host : null
  } catch {
    return null
  }
}

/** What the service check of a profile asked: the query service, or the tokens API when that is what failed. */
export function serviceCheckName(check: EndpointCheck): string {
  return check.error?.field === 'tokensUrl' ? 'Tokens API' : 'Query service'
}
