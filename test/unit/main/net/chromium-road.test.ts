// The Electron app's road for URLs a service names (the choice itself runs here under Node: Electron's net.fetch
// and session.resolveProxy are stand-ins). A name that answers DNS differently the second time (rebinding) is
// refused at the connection wherever Chromium would have gone directly — and the stand-in Chromium, which
// resolves on its own as the real one does, proves the victim would otherwise be reached. Where the session
// names a proxy, the request stays with Chromium; what the user typed and the service's own requests never
// leave it.
import { createServer, type Server } from 'node:http'
import type { AddressInfo, LookupFunction } from 'node:net'
import fc from 'fast-check'
import { Agent } from 'undici'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  AddressPolicy,
  chromiumNetwork,
  classifyAddress,
  goesDirect,
  nodeAndSystemCertificates,
  rootCause,
  serviceNamedFetch,
  type AddressClass,
  type ChromiumParts,
  type Fetch,
  type Network
} from '../../../../src/main/net'

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

let privateVictim: Victim, publicRpc: Victim
const networks: Network[] = []
let proxyAnswer: (url: string) => Promise<string> = () => Promise.resolve('DIRECT')
const proxyAsked: string[] = []

function appNetwork(): Network {
  const n = chromiumNetwork({
    fetch: chromiumFetch,
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
  ;[privateVictim, publicRpc] = await Promise.all([victim(PRIVATE_HOST), victim(PUBLIC_HOST)])
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
  for (const v of [privateVictim, publicRpc]) {
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

  it('where the session names a proxy for the URL, Chromium asks it (the proxy resolves the name)', async () => {
    const app = appNetwork()
    proxyAnswer = () => Promise.resolve('PROXY proxy.corp:3128; DIRECT')
    const url = `http://rpc.public:${publicRpc.port}/`
    expect((await named(app.fetch)(rpcPost(url))).status).toBe(200)
    expect(handed).toEqual([url])
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

describe("the session's proxy answer", () => {
  const entry = fc.oneof(
    fc.constantFrom('DIRECT', 'direct', ' DIRECT '),
    fc.tuple(fc.constantFrom('PROXY', 'HTTPS', 'SOCKS', 'SOCKS5', 'QUIC'), fc.domain(), fc.integer({ min: 1, max: 65_535 })).map(([k, h, p]) => `${k} ${h}:${p}`)
  )
  it('goes direct exactly when its first choice is DIRECT (or it names none)', () => {
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 4 }), (entries) => {
        const pac = entries.join('; ')
        expect(goesDirect(pac)).toBe(entries.length === 0 || entries[0]?.trim().toUpperCase() === 'DIRECT')
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
