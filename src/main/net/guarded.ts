// The road for URLs a service named (a record's RPC URLs, a list's icons): each is put to the address policy
// (./address-policy.ts) before it is asked, no redirect is followed, and where the network can pin a
// connection to the addresses it checked (`Fetch.within`: the CLI's and the browser shell's undici, and the app's
// direct road, ./chromium-road.ts), the connection's own DNS lookup is checked again, so a name that answers a
// public address to the check and a private one to the connection (DNS rebinding) still cannot pass. Through a
// proxy the proxy resolves the name, and the check before the request is all (SECURITY.md says so).
import { AppError } from '@shared/errors'
import { redactUrl } from '@shared/redact'
import type { AddressPolicy, AddressSpace } from './address-policy'
import type { Fetch } from './fetch'

export interface ServiceNamed {
  policy: AddressPolicy
  /** the URLs the service itself answers at (the profile's base URL, and its tokens URL where it has one) */
  service(): Promise<readonly string[]>
  /** URLs the user typed (Settings, flags): always asked, as typed, through the plain network */
  userTyped?(): readonly string[]
}

const REDIRECTS: ReadonlySet<number> = new Set([301, 302, 303, 307, 308])

function normal(url: string): string {
  try {
    return new URL(url.trim()).href
  } catch {
    return url.trim()
  }
}

/**
 * `fetch` for URLs the service named: refused with an AppError naming why when one leads somewhere more
 * private than the service, and for any answer that is a redirect. A URL the user typed goes as it is.
 */
export function serviceNamedFetch(fetch: Fetch, named: ServiceNamed): Fetch {
  const pinned = new Map<AddressSpace, Fetch>()
  const through = (space: AddressSpace): Fetch => {
    let f = pinned.get(space)
    if (!f) pinned.set(space, (f = fetch.within?.(space, named.policy) ?? fetch))
    return f
  }
  return async (input, init) => {
    const url = typeof input === 'string' ? input : input.url
    const target = normal(url)
    if ((named.userTyped?.() ?? []).some((typed) => normal(typed) === target)) return fetch(input, init)
    const services = await named.service()
    const space = await named.policy.serviceSpace(services)
    await named.policy.check(url, { service: services[0] ?? '', space })
    // a Request (ky sends one) keeps its method, headers and body; only its redirect rule is ours
    const request = typeof input === 'string' ? input : new Request(input, { redirect: 'manual' })
    const answer = await through(space)(request, { ...init, redirect: 'manual' })
    if (!REDIRECTS.has(answer.status)) return answer
    await answer.body?.cancel().catch(() => undefined)
    const location = answer.headers.get('location')
    throw new AppError({
      kind: 'input',
      operation: 'address policy',
      message: `refused: ${redactUrl(url)} answered with a redirect${location ? ` to ${redactUrl(location)}` : ''}; a URL the service named is never followed elsewhere`
    })
  }
}
