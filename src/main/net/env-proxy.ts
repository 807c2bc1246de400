// The network of the processes that run in plain Node (the CLI, the headless watcher, the browser harness):
// Node's fetch honours no proxy variable, so a machine that reaches the service only through a proxy got
// ENOTFOUND. This reads HTTP_PROXY, HTTPS_PROXY and NO_PROXY (lower case first, then upper case, as curl and
// most tools do) and routes each request, redirects included, by its own origin:
//   - loopback (localhost, 127.0.0.0/8, ::1) is never proxied: the demo network and local tools live there;
//   - a host NO_PROXY names goes direct;
//   - http:// goes to HTTP_PROXY as an absolute-form request (what plain HTTP proxies expect; many refuse
//     CONNECT to ports other than 443), https:// to HTTPS_PROXY through a CONNECT tunnel; a scheme whose
//     variable is unset goes direct (HTTP_PROXY is not used for https, as in curl and Go).
// undici (the library under Node's fetch) does the proxying; Node's own fetch takes its dispatcher on Node
// 20, 22 and 24 alike.
//
// A proxy URL may carry a user and password (http://user:pass@proxy:3128): they travel only in the
// Proxy-Authorization header. No message here repeats a variable's value.
import { BlockList, isIP } from 'node:net'
import { Agent, Pool, ProxyAgent, type buildConnector, type Dispatcher } from 'undici'
import { AppError } from '@shared/errors'
import { waitAtMost } from '../deadline'
import { AddressPolicy, type AddressSpace } from './address-policy'
import type { Fetch, Network } from './fetch'
import { IDLE_CONNECTION_MS, pinnedAgent, withDispatcher } from './pinned'
import { sendByDispatcher } from './send'

export type Env = Readonly<Record<string, string | undefined>>

interface HostRule {
  /** lower case, without a leading "." or "*." and without brackets around an IPv6 address */
  host: string
  port: number | null
}

export interface ProxySettings {
  /** for http:// targets */
  http: URL | null
  /** for https:// targets */
  https: URL | null
  noProxy: { all: boolean; hosts: HostRule[]; subnets: BlockList }
}

/** How long close() waits for undici to tear its sockets down. */
const CLOSE_WAIT_MS = 2_000
/**
 * How long a proxy may take to answer a CONNECT. A request's abort does not reach a tunnel still being set up,
 * so one given up by its deadline waits here; the longest timeout a profile allows bounds how many a
 * long-running watcher can have pending on a proxy that never answers (undici's own bound is 5 minutes).
 */
const TUNNEL_ANSWER_MS = 120_000

const LOOPBACK = new BlockList()
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4')
LOOPBACK.addAddress('::1', 'ipv6')

const DEFAULT_PORT: Readonly<Record<string, number>> = { 'http:': 80, 'https:': 443 }

/** The host of a URL or a rule, as compared: lower case, no brackets, no trailing dot. */
function bareHost(host: string): string {
  return host.replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '').toLowerCase()
}

function ipFamily(host: string): 'ipv4' | 'ipv6' | null {
  const v = isIP(host)
  return v === 4 ? 'ipv4' : v === 6 ? 'ipv6' : null
}

/** localhost (and its subdomains), 127.0.0.0/8 and ::1, IPv4-mapped forms included. */
export function isLoopback(hostname: string): boolean {
  const host = bareHost(hostname)
  if (host === 'localhost' || host.endsWith('.localhost')) return true
  const family = ipFamily(host)
  return family !== null && LOOPBACK.check(host, family)
}

/** The first of `name` in lower case, then upper case, that is set and not blank. */
function variable(env: Env, name: string): { name: string; value: string } | null {
  for (const n of [name.toLowerCase(), name.toUpperCase()]) {
    const value = env[n]?.trim()
    if (value) return { name: n, value }
  }
  return null
}

function proxyUrl(env: Env, name: string): URL | null {
  const found = variable(env, name)
  if (!found) return null
  // "proxy:3128" is common in the wild and means http://proxy:3128, as curl reads it.
  const text = /^[a-z][a-z0-9+.-]*:\/\//i.test(found.value) ? found.value : `http://${found.value}`
  let url: URL | null = null
  try {
    url = new URL(text)
  } catch {
    // reported below, without the value
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '') {
    // The value is not repeated: it may hold the proxy's password.
    throw new AppError({
      kind: 'input',
      field: found.name,
      message: `${found.name} is not a usable proxy URL: expected the form http://host:port (a user name and password go before the host, as user:password@)`
    })
  }
  return url
}

function parseNoProxy(text: string): ProxySettings['noProxy'] {
  const rules: ProxySettings['noProxy'] = { all: false, hosts: [], subnets: new BlockList() }
  for (const raw of text.split(/[\s,]+/)) {
    const entry = raw.trim().toLowerCase()
    if (entry === '') continue
    if (entry === '*') {
      rules.all = true
      continue
    }
    const cidr = /^([0-9a-f.:]+)\/(\d{1,3})$/.exec(entry)
    const family = cidr ? ipFamily(cidr[1] ?? '') : null
    if (cidr && family) {
      const prefix = Number(cidr[2])
      if (prefix <= (family === 'ipv4' ? 32 : 128)) rules.subnets.addSubnet(cidr[1] ?? '', prefix, family)
      continue
    }
    // host, host:port, [v6], [v6]:port, or a bare IPv6 address (its colons are not a port)
    const withPort = /^(\[[^\]]+\]|[^:]+):(\d{1,5})$/.exec(entry)
    const host = withPort ? (withPort[1] ?? '') : entry
    rules.hosts.push({ host: bareHost(host).replace(/^\*?\./, ''), port: withPort ? Number(withPort[2]) : null })
  }
  return rules
}

/** Reads the proxy variables; throws AppError('input') naming a variable that is not a proxy URL. */
export function proxySettingsFromEnv(env: Env): ProxySettings {
  return {
    http: proxyUrl(env, 'http_proxy'),
    https: proxyUrl(env, 'https_proxy'),
    noProxy: parseNoProxy(variable(env, 'no_proxy')?.value ?? '')
  }
}

function bypassed(target: URL, noProxy: ProxySettings['noProxy']): boolean {
  if (noProxy.all) return true
  const host = bareHost(target.hostname)
  const port = Number(target.port) || (DEFAULT_PORT[target.protocol] ?? 0)
  const family = ipFamily(host)
  if (family && noProxy.subnets.check(host, family)) return true
  return noProxy.hosts.some((r) => (r.port === null || r.port === port) && (host === r.host || (family === null && host.endsWith(`.${r.host}`))))
}

/** The proxy a request to `target` goes through, or null for a direct connection. */
export function proxyFor(target: URL, settings: ProxySettings): URL | null {
  const proxy = target.protocol === 'https:' ? settings.https : target.protocol === 'http:' ? settings.http : null
  if (!proxy || isLoopback(target.hostname) || bypassed(target, settings.noProxy)) return null
  return proxy
}

/**
 * A Network that routes by the proxy variables in `env` (for the CLI, `process.env` or the test's own).
 * close() destroys every connection: a request that a deadline gave up on may still hold one open to a proxy
 * that never answers, and a command that is done must not wait for it. A redirect passes `policy` first (a test
 * passes its own resolver).
 */
export function networkFromEnv(env: Env, policy: AddressPolicy = new AddressPolicy()): Network {
  const settings = proxySettingsFromEnv(env)
  const direct = new Agent({ keepAliveTimeout: IDLE_CONNECTION_MS })
  const viaHttp = settings.http ? proxyAgent(settings.http, false) : null
  const viaHttps = settings.https ? proxyAgent(settings.https, true) : null
  // a request whose target the variables send through a proxy goes there; any other takes the agent it is given to
  const routed: Dispatcher.DispatcherComposeInterceptor = (dispatch) => (options, handler) => {
    const target = new URL(String(options.origin))
    const via = proxyFor(target, settings) === null ? null : target.protocol === 'https:' ? viaHttps : viaHttp
    return via ? via.dispatch(options, handler) : dispatch(options, handler)
  }
  // without a proxy every request takes the agent it is given to: no interceptor to ask, request after request
  const proxied = viaHttp !== null || viaHttps !== null
  const dispatcher = proxied ? direct.compose(routed) : direct
  const viaFetch = (input: string | Request, init?: RequestInit): Promise<Response> => fetch(input, withDispatcher(init, dispatcher))
  // A URL a service named goes direct through an agent whose DNS lookup is the address policy's, so the address
  // connected to is the one checked; through a proxy the proxy resolves, and only the check before it holds.
  const pinnedAgents: Agent[] = []
  const pinned = new Map<AddressPolicy, Map<AddressSpace, { routed: Dispatcher; fetch: Fetch }>>()
  const pinnedRoad = (ceiling: AddressSpace, by: AddressPolicy): { routed: Dispatcher; fetch: Fetch } => {
    const byCeiling = pinned.get(by) ?? new Map<AddressSpace, { routed: Dispatcher; fetch: Fetch }>()
    pinned.set(by, byCeiling)
    let road = byCeiling.get(ceiling)
    if (!road) {
      const agent = pinnedAgent(by, ceiling)
      pinnedAgents.push(agent)
      const through = proxied ? agent.compose(routed) : agent
      road = { routed: through, fetch: (input, init) => fetch(input, withDispatcher(init, through)) }
      byCeiling.set(ceiling, road)
    }
    return road
  }
  const within = (ceiling: AddressSpace, by: AddressPolicy): Fetch => pinnedRoad(ceiling, by).fetch
  // the client's HTTP layer takes the same dispatcher without the Fetch API's objects (./send.ts says why); a
  // redirect's target is a URL the redirecting server named, so it goes on the pinned road, held to what that
  // server may name
  const send = sendByDispatcher(
    (from) => (from === null ? dispatcher : policy.serviceSpace([from.href]).then((space) => pinnedRoad(space, policy).routed)),
    (from, to) => policy.checkRedirect(from, to)
  )
  const fetchVia: Fetch = Object.assign(viaFetch, { send, within })
  return {
    fetch: fetchVia,
    async close() {
      const all: Dispatcher[] = [direct, ...pinnedAgents, ...(viaHttp ? [viaHttp] : []), ...(viaHttps ? [viaHttps] : [])]
      await waitAtMost(Promise.all(all.map((d) => d.destroy().catch(() => undefined))), CLOSE_WAIT_MS)
    }
  }
}

/**
 * http:// targets as absolute-form requests (`tunnel` false), or every target through CONNECT; `ca`, when given,
 * is the trust of the TLS to the proxy (an https:// one) and to the target through the tunnel.
 */
export function proxyAgent(proxy: URL, tunnel: boolean, ca?: readonly string[]): ProxyAgent {
  return new ProxyAgent({
    uri: proxy.href,
    proxyTunnel: tunnel,
    ...(ca ? { proxyTls: { ca: [...ca] }, requestTls: { ca: [...ca] } } : {}),
    // the connection to the proxy, which carries the CONNECT requests
    clientFactory: (origin, options) => new Pool(origin, { ...options, headersTimeout: TUNNEL_ANSWER_MS }),
    // each target's connections, opened through a tunnel
    factory: (origin, options) => {
      const o = options as Pool.Options
      return new Pool(origin, typeof o.connect === 'function' ? { ...o, connect: failDroppedTunnels(o.connect) } : o)
    }
  })
}

/**
 * A proxy that closes the connection while a tunnel is being opened (it cannot reach the target, or does
 * not do CONNECT) fails the request. undici reports it as a dropped connection, which its client takes as
 * recoverable: it keeps the request and reconnects at once, for ever, hammering the proxy. Reported as a
 * failure to connect, the request fails with it.
 */
function failDroppedTunnels(connect: buildConnector.connector): buildConnector.connector {
  return (options, callback) =>
    connect(options, (...args: Parameters<buildConnector.Callback>) => {
      const [error] = args
      if (error !== null && (error as { code?: unknown }).code === 'UND_ERR_SOCKET') {
        const reason = new Error(`the proxy closed the connection before the tunnel to ${options.hostname} was open`)
        callback(Object.assign(reason, { code: 'UND_ERR_PRX_CONN' }), null)
      } else callback(...args)
    })
}
