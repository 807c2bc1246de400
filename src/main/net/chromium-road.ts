// The Electron app's road to the network. Every request main makes goes through Chromium's stack (net.fetch:
// the system proxy, PAC scripts, the OS certificate store), but one kind: a URL a service named (a record's RPC,
// an icon) that Chromium would connect to directly. Chromium resolves a name itself, where no lookup can be
// hooked, so a DNS server that answers the policy's question with a public address and Chromium's a moment later
// with a private one (rebinding) would land the request on the user's network. Those requests take Node's stack
// instead, whose connection's own lookup is the policy's (./pinned.ts), trusting Node's certificates and the
// OS's where this Node can read them (tls.getCACertificates, Node 22.15 and later; Electron 45 carries 22).
// Where the session names a proxy for the URL, the proxy resolves the name on every road, and the request stays
// with Chromium, which speaks to that proxy as the user's browser does. The choice is made per request, from
// the session's own answer for that URL (session.resolveProxy), so a PAC script's rules hold.
import * as tls from 'node:tls'
import type { Agent } from 'undici'
import { waitAtMost } from '../deadline'
import type { AddressPolicy, AddressSpace } from './address-policy'
import type { Fetch, Network } from './fetch'
import { pinnedAgent, withDispatcher } from './pinned'

/** What the road takes of Electron: its fetch and the session's proxy answer. */
export interface ChromiumParts {
  /** Electron's net.fetch */
  fetch: (input: string | Request, init?: RequestInit) => Promise<Response>
  /** the proxy Chromium takes for a URL, as a PAC script writes it: "DIRECT", "PROXY host:port; DIRECT", … */
  resolveProxy: (url: string) => Promise<string>
  /** the certificates a direct connection of Node's trusts; Node's own and the OS's when absent */
  certificates?: () => readonly string[] | undefined
}

/** How long close() waits for the direct road's sockets to go. */
const CLOSE_WAIT_MS = 2_000

/**
 * Whether Chromium connects to a URL itself: the first choice of its proxy answer is DIRECT (an empty answer
 * counts as DIRECT too). "PROXY p:1; DIRECT" is the proxy's: Chromium goes direct only when that proxy fails.
 */
export function goesDirect(pac: string): boolean {
  const first = (pac.split(';')[0] ?? '').trim().toUpperCase()
  return first === '' || first === 'DIRECT'
}

type CertificateReader = (kind: 'default' | 'system') => string[]

/**
 * Node's trusted certificates (its bundle and NODE_EXTRA_CA_CERTS) with the OS's, or undefined where this Node
 * cannot list them (before 22.15): then Node's own defaults hold.
 */
export function nodeAndSystemCertificates(
  read: CertificateReader | undefined = (tls as unknown as { getCACertificates?: CertificateReader }).getCACertificates
): readonly string[] | undefined {
  if (!read) return undefined
  try {
    return [...new Set([...read('default'), ...read('system')])]
  } catch {
    return undefined
  }
}

/**
 * The app's network: Chromium's fetch for everything, and `within` (the road serviceNamedFetch takes for a
 * URL a service named) going direct through Node with the connection pinned to the policy's addresses
 * wherever Chromium would have gone direct.
 */
export function chromiumNetwork(parts: ChromiumParts): Network {
  const agents: Agent[] = []
  const byPolicy = new Map<AddressPolicy, Map<AddressSpace, Fetch>>()
  let certificates: { ca: readonly string[] | undefined } | null = null
  const trusted = (): readonly string[] | undefined =>
    (certificates ??= { ca: (parts.certificates ?? nodeAndSystemCertificates)() }).ca
  const within = (ceiling: AddressSpace, policy: AddressPolicy): Fetch => {
    const byCeiling = byPolicy.get(policy) ?? new Map<AddressSpace, Fetch>()
    byPolicy.set(policy, byCeiling)
    let f = byCeiling.get(ceiling)
    if (!f) {
      let agent: Agent | null = null
      const direct = (input: string | Request, init?: RequestInit): Promise<Response> => {
        if (!agent) agents.push((agent = pinnedAgent(policy, ceiling, trusted())))
        return fetch(input, withDispatcher(init, agent))
      }
      f = async (input, init) => {
        const url = typeof input === 'string' ? input : input.url
        // a session that cannot answer is taken as direct: the pinned road fails closed, never open
        const pac = await parts.resolveProxy(url).catch(() => 'DIRECT')
        return goesDirect(pac) ? direct(input, init) : parts.fetch(input, init)
      }
      byCeiling.set(ceiling, f)
    }
    return f
  }
  const chromium = (input: string | Request, init?: RequestInit): Promise<Response> => parts.fetch(input, init)
  return {
    fetch: Object.assign(chromium, { within }),
    async close() {
      await waitAtMost(Promise.all(agents.map((a) => a.destroy().catch(() => undefined))), CLOSE_WAIT_MS)
    }
  }
}
