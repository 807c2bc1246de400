// A connection's own DNS lookup, held to the address policy: the address a socket connects to is one the
// policy checked, so a name that resolves to the internet for the check and to the user's network for the
// connection (DNS rebinding) fails at the connection. Every road that pins service-named URLs uses it: the
// CLI's and the browser shell's (./env-proxy.ts) and the Electron app's direct one (./chromium-road.ts).
import { isIP, type LookupFunction } from 'node:net'
import { Agent, type Dispatcher } from 'undici'
import type { AddressPolicy, AddressSpace } from './address-policy'

/** A socket's DNS lookup (net.connect's `lookup`) that refuses every answer more private than `ceiling`. */
export function policyLookup(policy: AddressPolicy, ceiling: AddressSpace): LookupFunction {
  return (hostname, options, callback) => {
    policy.addressesWithin(hostname, ceiling).then(
      (addresses) => {
        const all = addresses.map((address) => ({ address, family: isIP(address) }))
        if (options.all === true) callback(null, all)
        else callback(null, all[0]?.address ?? '', all[0]?.family ?? 4)
      },
      (error: unknown) => callback(error as NodeJS.ErrnoException, '', 4)
    )
  }
}

/**
 * How long an idle connection is kept where the server names no limit of its own (a server's `Keep-Alive:
 * timeout=` hint still wins). A watch asks the same hosts every interval, 60 s by default: undici's own 4 s
 * closed every connection between rounds, so each round paid a connection and a connection pool per host
 * again (a keepers round: 21 health servers). 90 s is Go's net/http default (DefaultTransport's
 * IdleConnTimeout), and compass-tss's health server keeps idle connections without limit. An idle socket is
 * unreferenced: it never holds a finished command's process open.
 */
export const IDLE_CONNECTION_MS = 90_000

/** An undici agent whose every connection's lookup is `policyLookup`; `ca`, when given, is the trust it uses for TLS. */
export function pinnedAgent(policy: AddressPolicy, ceiling: AddressSpace, ca?: readonly string[]): Agent {
  return new Agent({ keepAliveTimeout: IDLE_CONNECTION_MS, connect: { lookup: policyLookup(policy, ceiling), ...(ca ? { ca: [...ca] } : {}) } })
}

/**
 * Node's fetch takes an undici dispatcher in its init. Its types name the undici that Node bundles, a
 * different copy from the package's, hence the one cast here.
 */
export function withDispatcher(init: RequestInit | undefined, dispatcher: Dispatcher): RequestInit {
  return { ...init, dispatcher } as unknown as RequestInit
}
