// The Electron app's road to the network. Every request main makes goes through Chromium's stack (net.fetch:
// the system proxy, PAC scripts, the OS certificate store), but two kinds, where Chromium's own DNS lookup,
// which no one can hook, could undo the address policy's check (a DNS server that answers the policy's question
// with a public address and Chromium's a moment later with a private one, rebinding, would land the request on
// the user's network):
//   - a URL a service named (a record's RPC, an icon) takes the roads the session's proxy answer names for it
//     (session.resolveProxy, so a PAC script's rules hold), in order, each one ours: DIRECT through Node with
//     the connection's own lookup the policy's (./pinned.ts), PROXY and HTTPS through undici's ProxyAgent (the
//     proxy resolves the name, as it would for Chromium). A proxy that fails passes the request to the next
//     entry, as Chromium does, but never to Chromium, which would go direct with its own lookup. SOCKS and QUIC
//     entries are not sent at all: undici has no SOCKS4, and its SOCKS5 is experimental.
//   - the query service's own requests (the URL the user typed) follow no redirect inside Chromium: each hop is
//     asked with redirect 'manual' and followed here under the policy, as the CLI follows them (./send.ts), the
//     redirect's target on the road above (it is a URL that server named).
// The direct road trusts Node's certificates and the OS's where this Node can read them
// (tls.getCACertificates, Node 22.15 and later; Electron 45 carries 22).
import * as tls from 'node:tls'
import type { Dispatcher } from 'undici'
import { AppError } from '@shared/errors'
import { redactText } from '@shared/redact'
import { waitAtMost } from '../deadline'
import { AddressPolicy, type AddressSpace } from './address-policy'
import { proxyAgent } from './env-proxy'
import type { Fetch, Network } from './fetch'
import { proxyEntries, type ProxyEntry } from './pac'
import { pinnedAgent, withDispatcher } from './pinned'
import { fetchHop, followingRedirects } from './send'

/** What the road takes of Electron: its fetch and the session's proxy answer. */
export interface ChromiumParts {
  /** Electron's net.fetch */
  fetch: (input: string | Request, init?: RequestInit) => Promise<Response>
  /** the proxy Chromium takes for a URL, as a PAC script writes it: "DIRECT", "PROXY host:port; DIRECT", … */
  resolveProxy: (url: string) => Promise<string>
  /**
   * Chromium's fetch for one hop: a redirect is answered as it came (its status and Location), not followed
   * (Electron's net.request in 'manual' mode, ./electron-hop.ts: net.fetch's 'manual' only fails)
   */
  hop: (input: string, init: RequestInit) => Promise<Response>
  /** the certificates a direct connection of Node's trusts; Node's own and the OS's when absent */
  certificates?: () => readonly string[] | undefined
  /** the policy a redirect answering the query service's own request is held to; the system resolver's when absent */
  policy?: AddressPolicy
}

/** How long close() waits for the direct road's sockets to go. */
const CLOSE_WAIT_MS = 2_000

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

/** The refusal of a proxy entry the app does not speak to, naming the host (any key in its name redacted) and the entry. */
function notSent(url: string, entry: string): AppError {
  const kind = (entry.split(/\s+/)[0] ?? '').toUpperCase()
  return new AppError({
    kind: 'network',
    operation: 'address policy',
    message: `a ${kind.startsWith('SOCKS') ? 'SOCKS' : kind} proxy is set for ${redactText(new URL(url).host)} (${redactText(entry)}): not sent, since a URL a service named goes only through a proxy the app can speak to itself (HTTP or HTTPS) or directly with its address checked`
  })
}

/** A request that can be sent again (the next entry of a proxy answer): its body read once. */
async function replayable(input: string | Request, init: RequestInit | undefined): Promise<() => [string, RequestInit]> {
  const request = new Request(input, init)
  const body = request.body ? await request.arrayBuffer() : null
  return () => [request.url, { method: request.method, headers: request.headers, body, signal: request.signal, redirect: request.redirect }]
}

function signalOf(input: string | Request, init: RequestInit | undefined): AbortSignal | null | undefined {
  return init?.signal ?? (typeof input === 'string' ? undefined : input.signal)
}

/**
 * The app's network: Chromium's fetch for everything, its `send` (the query service's requests) following each
 * redirect under the policy, and `within` (the road serviceNamedFetch takes for a URL a service named) taking
 * the session's proxy answer entry by entry on Node's roads, the direct one pinned to the policy's addresses.
 */
export function chromiumNetwork(parts: ChromiumParts): Network {
  const dispatchers: Dispatcher[] = []
  const policy = parts.policy ?? new AddressPolicy()
  const byPolicy = new Map<AddressPolicy, Map<AddressSpace, Fetch>>()
  const proxies = new Map<string, Dispatcher>()
  let certificates: { ca: readonly string[] | undefined } | null = null
  const trusted = (): readonly string[] | undefined =>
    (certificates ??= { ca: (parts.certificates ?? nodeAndSystemCertificates)() }).ca
  const viaProxy = (proxy: URL, target: string): Fetch => {
    const tunnel = new URL(target).protocol === 'https:'
    const key = `${tunnel ? 'tunnel' : 'plain'} ${proxy.href}`
    let agent = proxies.get(key)
    if (!agent) {
      dispatchers.push((agent = proxyAgent(proxy, tunnel, trusted())))
      proxies.set(key, agent)
    }
    const through = agent
    return (input, init) => fetch(input, withDispatcher(init, through))
  }
  const within = (ceiling: AddressSpace, by: AddressPolicy): Fetch => {
    const byCeiling = byPolicy.get(by) ?? new Map<AddressSpace, Fetch>()
    byPolicy.set(by, byCeiling)
    let f = byCeiling.get(ceiling)
    if (!f) {
      let agent: Dispatcher | null = null
      const direct: Fetch = (input, init) => {
        if (!agent) dispatchers.push((agent = pinnedAgent(by, ceiling, trusted())))
        return fetch(input, withDispatcher(init, agent))
      }
      const road = (entry: Exclude<ProxyEntry, { kind: 'other' }>, url: string): Fetch => (entry.kind === 'direct' ? direct : viaProxy(entry.proxy, url))
      f = async (input, init) => {
        const url = typeof input === 'string' ? input : input.url
        // a session that cannot answer is taken as direct: the pinned road fails closed, never open
        const entries = proxyEntries(await parts.resolveProxy(url).catch(() => 'DIRECT'))
        const again = entries.length > 1 ? await replayable(input, init) : null
        let failed: unknown = null
        for (const [i, entry] of entries.entries()) {
          if (entry.kind === 'other') throw notSent(url, entry.entry)
          const [asked, options] = again ? again() : [input, init]
          try {
            return await road(entry, url)(asked, options)
          } catch (error) {
            // a proxy that fails hands the request on, as Chromium does; the direct road's failure is the target's
            if (entry.kind === 'direct' || i === entries.length - 1 || signalOf(input, init)?.aborted) throw error
            failed = error
          }
        }
        throw failed
      }
      byCeiling.set(ceiling, f)
    }
    return f
  }
  // the query service's own request: Chromium asks the URL the user typed; a redirect is followed here, its
  // target being a URL that server named, on the road for those, held to what that server may name
  const send = followingRedirects(
    fetchHop(async (from) => (from === null ? parts.hop : within(await policy.serviceSpace([from.href]), policy))),
    (from, to) => policy.checkRedirect(from, to)
  )
  const chromium = (input: string | Request, init?: RequestInit): Promise<Response> => parts.fetch(input, init)
  return {
    fetch: Object.assign(chromium, { within, send }),
    async close() {
      await waitAtMost(Promise.all(dispatchers.map((d) => d.destroy().catch(() => undefined))), CLOSE_WAIT_MS)
    }
  }
}
