// The Electron app's roads (the choice itself runs here under Node: Electron's net.fetch, its one-hop request
// and session.resolveProxy are stand-ins). A name that answers DNS differently the second time (rebinding) is
// refused at the connection on every road the session's proxy answer names — a dead proxy with DIRECT behind it
// included — and the stand-in Chromium, which resolves on its own as the real one does, proves the victim
// would otherwise be reached. A working proxy is reached through undici, a SOCKS one is refused; what the user
// typed and the service's own requests stay with Chromium, whose redirects are followed hop by hop under the
// policy.
import { createServer, type Server } from 'node:http'
import type { AddressInfo, LookupFunction } from 'node:net'
import fc from 'fast-check'
import { Agent } from 'undici'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  AddressPolicy,
  chromiumNetwork,
  classifyAddress,
  networkFromEnv,
  nodeAndSystemCertificates,
  proxyEntries,
  rootCause,
  serviceNamedFetch,
  type AddressClass,
  type ChromiumParts,
  type Fetch,
  type Network
} from '../../../../src/main/net'
import { closedPort, startTestProxy, type TestProxy } from './test-proxy'

const SERVICE_HOST = '127.0.0.2'
const PRIVATE_HOST = '127.0.0.3'
const PUBLIC_HOST = '127.0.0.5'

/** The test's address table: two loopback addresses stand for the internet and one for the user's network. */
function classify(address: string): AddressClass {
  if (address === SERVICE_HOST || address === PUBLIC_HOST) return { space: 'public', what: 'public' }
  if (address === PRIVATE_HOST) return { space: 'private', what: 'private network' }
  return classifyAddress(address)
}

/** A DNS server that rebinds: the internet to every other question, the private network to the ones between. */
let answers = 0
const rebinding = (): string => (answers++ % 2 === 0 ? PUBLIC_HOST : PRIVATE_HOST)
const policy = new AddressPolicy({
  classify,
  lookup: (host) => {
    if (host === 'rebind.example') return Promise.resolve([rebinding()])
    if (host === 'rpc.public') return Promise.resolve([PUBLIC_HOST])
    // reached only through the test proxy, which resolves *.test to 127.0.0.1 itself
    if (host === 'rpc.test') return Promise.resolve([PUBLIC_HOST])
    return Promise.reject(new Error(`getaddrinfo ENOTFOUND ${host}`))
  }
})

interface Victim {
  server: Server
  port: number
  connections: number
  bodies: string[]
}

async function victim(host: string): Promise<Victim> {
  const v: Victim = { server: createServer(), port: 0, connections: 0, bodies: [] }
  v.server.on('connection', () => v.connections++)
  v.server.on('request', (req, res) => {
    let body = ''
    req.on('data', (c: Buffer) => (body += c.toString()))
    req.on('end', () => {
      v.bodies.push(body)
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"jsonrpc":"2.0","id":1,"result":"0x1"}')
    })
  })
  await new Promise<void>((r) => v.server.listen(0, host, r))
  v.port = (v.server.address() as AddressInfo).port
  return v
}

/**
 * Chromium as the road sees it: a fetch that resolves names itself, through the same rebinding DNS (so a
 * request handed to it lands where the second answer points), recording what it was handed.
 */
const chromiumLookup: LookupFunction = (hostname, options, callback) => {
  const address = hostname === 'rebind.example' ? rebinding() : hostname === 'rpc.public' ? PUBLIC_HOST : hostname
  if (options.all === true) callback(null, [{ address, family: 4 }])
  else callback(null, address, 4)
}
const chromiumAgent = new Agent({ connect: { lookup: chromiumLookup } })
const handed: string[] = []
const chromiumFetch: ChromiumParts['fetch'] = (input, init) => {
  handed.push(typeof input === 'string' ? input : input.url)
  return fetch(input, { ...init, dispatcher: chromiumAgent } as unknown as RequestInit)
}
/** Chromium asked one hop (Electron's net.request in 'manual' mode): a redirect comes back unfollowed. */
const chromiumHop: ChromiumParts['hop'] = (input, init) => chromiumFetch(input, { ...init, redirect: 'manual' })

let privateVictim: Victim, publicRpc: Victim, proxied: Victim, proxy: TestProxy, redirector: Server

/** The query service on the internet, answering each path with a redirect to where it names. */
async function startRedirector(): Promise<Server> {
  const server = createServer((req, res) => {
    const to: Record<string, string> = {
      '/to-private': `http://${PRIVATE_HOST}:${privateVictim.port}/`,
      '/to-rebind': `http://rebind.example:${privateVictim.port}/`,
      '/to-public': `http://rpc.public:${publicRpc.port}/moved`
    }
    res.writeHead(307, { location: to[req.url ?? ''] ?? '/' }).end()
  })
  await new Promise<void>((r) => server.listen(0, PUBLIC_HOST, r))
  return server
}

/** The query service's own request, as the client's HTTP layer sends it on the app's network. */
async function askService(network: Network, path: string): Promise<{ status: number; body: string }> {
  const send = network.fetch.send
  if (!send) throw new Error('the network has no road of its own for the query service')
  const url = `http://${PUBLIC_HOST}:${(redirector.address() as AddressInfo).port}${path}`
  const answer = await send({ url, method: 'GET', headers: { accept: 'application/json' }, signal: new AbortController().signal })
  let body = ''
  for (let chunk = await answer.read(); chunk !== null; chunk = await answer.read()) body += Buffer.from(chunk).toString()
  return { status: answer.status, body }
}
const networks: Network[] = []
let proxyAnswer: (url: string) => Promise<string> = () => Promise.resolve('DIRECT')
const proxyAsked: string[] = []

function appNetwork(): Network {
  const n = chromiumNetwork({
    fetch: chromiumFetch,
    hop: chromiumHop,
    policy,
    resolveProxy: (url) => {
      proxyAsked.push(url)
      return proxyAnswer(url)
    }
  })
  networks.push(n)
  return n
}

/** A URL the service at SERVICE_HOST (public) names, asked on `fetch` as the chain check and the icon route ask. */
const named = (fetch: Fetch, typed: readonly string[] = []): Fetch =>
  serviceNamedFetch(fetch, { policy, service: () => Promise.resolve([`http://${SERVICE_HOST}:1/`]), userTyped: () => typed })

const rpcPost = (url: string): Request =>
  new Request(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"jsonrpc":"2.0","id":1,"method":"eth_chainId","params":[]}' })

/** Why a request failed, where the network stack nests it. */
async function whyRefused(asked: Promise<Response>): Promise<string> {
  try {
    await asked
  } catch (error) {
    const cause = rootCause(error)
    return cause instanceof Error ? cause.message : String(cause)
  }
  return 'it was answered'
}

beforeAll(async () => {
  ;[privateVictim, publicRpc, proxied, proxy] = await Promise.all([victim(PRIVATE_HOST), victim(PUBLIC_HOST), victim('127.0.0.1'), startTestProxy()])
  redirector = await startRedirector()
})
beforeEach(() => {
  answers = 0
  handed.length = 0
  proxyAsked.length = 0
  proxyAnswer = () => Promise.resolve('DIRECT')
})
afterAll(async () => {
  await Promise.all(networks.map((n) => n.close()))
  await chromiumAgent.close()
  await proxy.close()
  redirector.closeAllConnections()
  redirector.close()
  for (const v of [privateVictim, publicRpc, proxied]) {
    v.server.closeAllConnections()
    v.server.close()
  }
})

describe("the app's road for a URL a service named", () => {
  it('a rebinding name is refused at the connection where Chromium would go direct; Chromium alone would have reached the victim', async () => {
    const url = `http://rebind.example:${privateVictim.port}/`
    // Chromium's road alone, checked only before the request: the second answer lands on the private network
    const before = privateVictim.connections
    expect((await named(chromiumFetch)(rpcPost(url))).status).toBe(200)
    expect(privateVictim.connections).toBe(before + 1)

    // the app's road: the same check, then the connection's own lookup is the policy's
    answers = 0
    handed.length = 0
    const app = appNetwork()
    for (let i = 0; i < 4; i++) expect(await whyRefused(named(app.fetch)(rpcPost(url)))).toMatch(/^refused: rebind\.example resolved to 127\.0\.0\.3 \(private network\)/)
    expect(privateVictim.connections).toBe(before + 1)
    expect(handed).toEqual([])
    expect(proxyAsked).toEqual([url, url, url, url])
  })

  it('an allowed URL goes direct through Node whole (method, headers, body), not through Chromium', async () => {
    const app = appNetwork()
    const url = `http://rpc.public:${publicRpc.port}/`
    publicRpc.bodies.length = 0
    const answer = await named(app.fetch)(rpcPost(url))
    expect(await answer.json()).toEqual({ jsonrpc: '2.0', id: 1, result: '0x1' })
    expect(publicRpc.bodies).toEqual(['{"jsonrpc":"2.0","id":1,"method":"eth_chainId","params":[]}'])
    expect(handed).toEqual([])
  })

  it('a dead proxy with DIRECT behind it falls back to the pinned road, never to Chromium: a rebinding name reaches no victim', async () => {
    const app = appNetwork()
    const dead = await closedPort()
    proxyAnswer = () => Promise.resolve(`PROXY 127.0.0.1:${dead}; DIRECT`)
    const before = privateVictim.connections
    for (let i = 0; i < 4; i++) {
      expect(await whyRefused(named(app.fetch)(rpcPost(`http://rebind.example:${privateVictim.port}/`)))).toMatch(/^refused: rebind\.example resolved to 127\.0\.0\.3 \(private network\)/)
    }
    expect(privateVictim.connections).toBe(before)
    expect(handed).toEqual([])
    // an allowed URL behind the same dead proxy still arrives, whole, on the pinned road
    publicRpc.bodies.length = 0
    expect(await (await named(app.fetch)(rpcPost(`http://rpc.public:${publicRpc.port}/`))).json()).toEqual({ jsonrpc: '2.0', id: 1, result: '0x1' })
    expect(publicRpc.bodies).toEqual(['{"jsonrpc":"2.0","id":1,"method":"eth_chainId","params":[]}'])
    expect(handed).toEqual([])
  })

  it('a working proxy the session names is asked through undici (the proxy resolves the name), not through Chromium', async () => {
    const app = appNetwork()
    proxyAnswer = () => Promise.resolve(`PROXY 127.0.0.1:${proxy.port}; DIRECT`)
    const url = `http://rpc.test:${proxied.port}/`
    proxied.bodies.length = 0
    const answer = await named(app.fetch)(rpcPost(url))
    expect(await answer.json()).toEqual({ jsonrpc: '2.0', id: 1, result: '0x1' })
    expect(proxy.seen.filter((s) => s.target === url)).toEqual([{ kind: 'absolute', target: url, credentials: null }])
    expect(proxied.bodies).toEqual(['{"jsonrpc":"2.0","id":1,"method":"eth_chainId","params":[]}'])
    expect(handed).toEqual([])
    // the check before the request still holds through the proxy
    const before = privateVictim.connections
    expect(await whyRefused(named(app.fetch)(rpcPost(`http://${PRIVATE_HOST}:${privateVictim.port}/`)))).toMatch(/^refused: the service at http:\/\/127\.0\.0\.2:1 \(public\) named http:\/\/127\.0\.0\.3:\d+\/ \(private network\)$/)
    expect(privateVictim.connections).toBe(before)
  })

  it('a SOCKS proxy the session names is refused with the reason, before any connection, DIRECT behind it or not', async () => {
    const app = appNetwork()
    const before = publicRpc.connections
    for (const pac of ['SOCKS5 127.0.0.1:1080; DIRECT', 'SOCKS 127.0.0.1:1080', `PROXY 127.0.0.1:${await closedPort()}; SOCKS4 127.0.0.1:1080; DIRECT`]) {
      proxyAnswer = () => Promise.resolve(pac)
      expect(await whyRefused(named(app.fetch)(rpcPost(`http://rpc.public:${publicRpc.port}/`)))).toMatch(/^a SOCKS proxy is set for rpc\.public:\d+ \(SOCKS[45]? 127\.0\.0\.1:1080\): not sent/)
    }
    expect(publicRpc.connections).toBe(before)
    expect(handed).toEqual([])
  })

  it('a session that cannot answer leaves the request on the pinned road: refused, never open', async () => {
    const app = appNetwork()
    proxyAnswer = () => Promise.reject(new Error('session destroyed'))
    const before = privateVictim.connections
    expect(await whyRefused(named(app.fetch)(rpcPost(`http://rebind.example:${privateVictim.port}/`)))).toMatch(/^refused: rebind\.example resolved to 127\.0\.0\.3/)
    expect(privateVictim.connections).toBe(before)
    expect(handed).toEqual([])
  })

  it("what the user typed, and the service's own requests, stay with Chromium", async () => {
    const app = appNetwork()
    const typed = `http://${PRIVATE_HOST}:${privateVictim.port}/`
    expect((await named(app.fetch, [typed])(rpcPost(typed))).status).toBe(200)
    const own = `http://${PUBLIC_HOST}:${publicRpc.port}/api/queryChainList`
    expect((await app.fetch(own, { method: 'POST' })).status).toBe(200)
    expect(handed).toEqual([typed, own])
    expect(proxyAsked).toEqual([])
  })
})

describe("the query service's own redirects, the same rule on the app's road and the CLI's", () => {
  const first = (path: string): string => `http://${PUBLIC_HOST}:${(redirector.address() as AddressInfo).port}${path}`
  const roads: { name: string; network: () => Network; chromium: boolean }[] = [
    { name: "the app's", network: appNetwork, chromium: true },
    {
      name: "the CLI's and the shell's",
      network: () => {
        const n = networkFromEnv({}, policy)
        networks.push(n)
        return n
      },
      chromium: false
    }
  ]

  for (const road of roads) {
    it(`a redirect onto the user's network is refused with the reason; the victim gets no connection: ${road.name}`, async () => {
      const net = road.network()
      const before = privateVictim.connections
      await expect(askService(net, '/to-private')).rejects.toThrow(/^refused: the service at http:\/\/127\.0\.0\.5:\d+ \(public\) named http:\/\/127\.0\.0\.3:\d+\/ \(private network\)$/)
      expect(privateVictim.connections).toBe(before)
      expect(handed).toEqual(road.chromium ? [first('/to-private')] : [])
    })

    it(`a redirect to a rebinding name passes the check and is refused at the connection (pinned): ${road.name}`, async () => {
      const net = road.network()
      const before = privateVictim.connections
      for (let i = 0; i < 4; i++) {
        answers = 0
        await expect(askService(net, '/to-rebind')).rejects.toSatisfy((error: unknown) => /^refused: rebind\.example resolved to 127\.0\.0\.3 \(private network\)/.test(String((rootCause(error) as Error).message)))
      }
      expect(privateVictim.connections).toBe(before)
      expect(handed.every((url) => url === first('/to-rebind'))).toBe(true)
    })

    it(`a redirect to an allowed place is still followed: the answer is the target's, asked once: ${road.name}`, async () => {
      const net = road.network()
      publicRpc.bodies.length = 0
      expect(await askService(net, '/to-public')).toEqual({ status: 200, body: '{"jsonrpc":"2.0","id":1,"result":"0x1"}' })
      expect(publicRpc.bodies).toEqual([''])
      // the URL the user typed went to Chromium; the one that server named, to Node's road for such URLs
      expect(handed).toEqual(road.chromium ? [first('/to-public')] : [])
      expect(proxyAsked).toEqual(road.chromium ? [`http://rpc.public:${publicRpc.port}/moved`] : [])
    })
  }
})

describe("the session's proxy answer", () => {
  const entry = fc.oneof(
    fc.constantFrom('DIRECT', 'direct', ' DIRECT '),
    fc.tuple(fc.constantFrom('PROXY', 'HTTPS', 'proxy', 'SOCKS', 'SOCKS5', 'QUIC'), fc.domain(), fc.integer({ min: 1, max: 65_535 })).map(([k, h, p]) => `${k} ${h}:${p}`)
  )
  it('is read as its entries in order: DIRECT, an HTTP(S) proxy at its host and port, anything else kept to be refused', () => {
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 4 }), (entries) => {
        const read = proxyEntries(entries.join('; '))
        expect(read).toHaveLength(Math.max(1, entries.length))
        if (entries.length === 0) expect(read).toEqual([{ kind: 'direct' }])
        entries.forEach((text, i) => {
          const [kind = '', hostPort = ''] = text.trim().split(' ')
          const got = read[i]
          if (kind.toUpperCase() === 'DIRECT') expect(got).toEqual({ kind: 'direct' })
          else if (kind.toUpperCase() === 'PROXY' || kind === 'HTTPS') {
            expect(got?.kind).toBe('proxy')
            const proxy = got?.kind === 'proxy' ? got.proxy : null
            expect(`${proxy?.protocol}//${proxy?.host}`).toBe(new URL(`${kind === 'HTTPS' ? 'https' : 'http'}://${hostPort}`).origin)
          } else expect(got).toEqual({ kind: 'other', entry: text.trim() })
        })
      })
    )
  })
})

describe("the direct road's certificates", () => {
  it("are Node's and the OS's together, each once; Node's defaults where this Node cannot list them", () => {
    const read = (kind: 'default' | 'system'): string[] => (kind === 'default' ? ['node-a', 'shared'] : ['shared', 'os-b'])
    expect(nodeAndSystemCertificates(read)).toEqual(['node-a', 'shared', 'os-b'])
    expect(nodeAndSystemCertificates(undefined)).toBeUndefined()
    expect(
      nodeAndSystemCertificates(() => {
        throw new Error('no store')
      })
    ).toBeUndefined()
  })
})
