// A hostile query service names victims as its chains' RPCs and its icons: hosts on the user's network, the
// cloud metadata address, this computer under every spelling, a name that answers DNS differently the second
// time, an RPC that redirects. Every trigger the app and the CLI have (the Transfer view's check, the table's
// row checks, the watcher, `transfer --verify`, `watch --verify`, the icon route) is fired at it, on the road
// the app takes (a check before the request) and on the CLI's (the connection's own lookup checked too), and
// the victims count every connection they get: none. An icon host or an RPC that redirects is asked once,
// its redirect never followed. The service answers on 127.0.0.2 and the victims on
// 127.0.0.3–5, which the test's address table counts as the internet, the private network and the metadata
// address, so a request the policy wrongly let through would really arrive.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ChainCheckService } from '../../../../src/main/chain'
import { BridgeClient } from '../../../../src/main/client'
import { createIconService } from '../../../../src/main/icons'
import { AddressPolicy, chromiumNetwork, classifyAddress, networkFromEnv, type AddressClass, type Fetch, type Network } from '../../../../src/main/net'
import { commandChecks } from '../../../../src/cli/verify'
import type { CliContext } from '../../../../src/cli/io'
import type { LegCheck, TransferCheck } from '../../../../src/shared/chain-check'
import { profileSchema, type Profile } from '../../../../src/shared/schemas/settings'
import type { ChainRecord, TransferDetail } from '../../../../src/shared/schemas/wire'
import type { TestChain } from '../../../support/anvil'
import { startChainService, type ChainService, type TransferFacts } from '../../../support/chain-service'
import { closedPort } from './test-proxy'

const SERVICE_HOST = '127.0.0.2'
const PRIVATE_HOST = '127.0.0.3'
const METADATA_HOST = '127.0.0.4'
const PUBLIC_RPC_HOST = '127.0.0.5'

/** The test's address table: three loopback addresses stand for the internet, the private network and the metadata address. */
function classify(address: string): AddressClass {
  if (address === SERVICE_HOST || address === PUBLIC_RPC_HOST) return { space: 'public', what: 'public' }
  if (address === PRIVATE_HOST) return { space: 'private', what: 'private network' }
  if (address === METADATA_HOST) return { space: 'local', what: 'cloud metadata address' }
  return classifyAddress(address)
}

let rebindAnswers = 0
const policy = new AddressPolicy({
  classify,
  lookup: (host) => {
    if (host === 'victim.corp') return Promise.resolve([PRIVATE_HOST])
    if (host === 'metadata.google.internal') return Promise.resolve([METADATA_HOST])
    if (host === 'rpc.public') return Promise.resolve([PUBLIC_RPC_HOST])
    // public to every other question, the private network to the ones between
    if (host === 'rebind.example') return Promise.resolve([rebindAnswers++ % 2 === 0 ? PUBLIC_RPC_HOST : PRIVATE_HOST])
    return Promise.reject(new Error(`getaddrinfo ENOTFOUND ${host}`))
  }
})

interface Victim {
  port: number
  connections: number
  /** requests answered (a kept-alive connection carries several) */
  requests: number
  server: Server
}

async function victim(host: string, answer: (url: string) => { status: number; headers: Record<string, string> } = () => ({ status: 200, headers: {} })): Promise<Victim> {
  const v: Victim = { port: 0, connections: 0, requests: 0, server: createServer() }
  v.server.on('connection', () => v.connections++)
  v.server.on('request', (req, res) => {
    v.requests++
    const a = answer(req.url ?? '/')
    res.writeHead(a.status, { 'content-type': 'application/json', ...a.headers })
    res.end('{"jsonrpc":"2.0","id":1,"result":"0x1"}')
  })
  await new Promise<void>((r) => v.server.listen(0, host, r))
  v.port = (v.server.address() as AddressInfo).port
  return v
}

let service: ChainService, network: Network, appNetwork: Network, deadProxyAppNetwork: Network
let privateVictim: Victim, metadataVictim: Victim, loopbackVictim: Victim, publicRpc: Victim

const SOURCE = `0x${'a'.repeat(64)}`
const DESTINATION = `0x${'b'.repeat(64)}`

/** A record whose source leg names `sourceRpc` and whose destination leg names `destinationRpc`. */
function facts(sourceRpc: string, destinationRpc: string): TransferFacts {
  const chain = (chainId: number, url: string): TestChain =>
    ({ chainId, url, decimals: 6, bridge: `0x${'1'.repeat(40)}`, token: `0x${'2'.repeat(40)}` }) as unknown as TestChain
  return {
    source: { chain: chain(1, sourceRpc), hash: SOURCE, height: 10 },
    destination: { chain: chain(56, destinationRpc), hash: DESTINATION, height: 20 },
    sender: `0x${'3'.repeat(40)}`,
    recipient: `0x${'4'.repeat(40)}`,
    sending: 1_000_000n,
    receiving: 1_000_000n
  }
}

/** The service's chain list: checks take a chain's RPC from it (a record's own RPC is only compared with it). */
let listed: ChainRecord[] = []
function chainRecord(chainId: number, rpc: string): ChainRecord {
  return { id: chainId, chain: `chain${chainId}`, contract: `0x${'1'.repeat(40)}`, rpc, chainId, gasLimit: '0', chainName: `Chain ${chainId}`, chainImg: '', scanUrl: '', volume: null, tokenAddress: null, decimal: null, liquidity: null }
}

/** The service serves a record, and lists its chains, naming these RPCs. */
function serve(sourceRpc: string, destinationRpc: string): void {
  service.put(facts(sourceRpc, destinationRpc))
  listed = [chainRecord(1, sourceRpc), chainRecord(56, destinationRpc)]
}

beforeAll(async () => {
  ;[service, privateVictim, metadataVictim, loopbackVictim] = await Promise.all([
    startChainService([], SERVICE_HOST),
    victim(PRIVATE_HOST),
    victim(METADATA_HOST),
    victim('127.0.0.1')
  ])
  publicRpc = await victim(PUBLIC_RPC_HOST, () => ({ status: 307, headers: { location: `http://127.0.0.1:${loopbackVictim.port}/` } }))
  network = networkFromEnv({})
  // the Electron app's network with Node's fetch standing in for Chromium's (and for its one-hop request, whose
  // redirect comes back unfollowed) and a session that goes direct; then one whose proxy is dead, DIRECT behind it
  const chromium = { fetch: (input: string | Request, init?: RequestInit) => globalThis.fetch(input, init), hop: (input: string, init: RequestInit) => globalThis.fetch(input, { ...init, redirect: 'manual' as const }), policy }
  appNetwork = chromiumNetwork({ ...chromium, resolveProxy: () => Promise.resolve('DIRECT') })
  const deadProxy = `PROXY 127.0.0.1:${await closedPort()}; DIRECT`
  deadProxyAppNetwork = chromiumNetwork({ ...chromium, resolveProxy: () => Promise.resolve(deadProxy) })
})
afterAll(async () => {
  await network?.close()
  await appNetwork?.close()
  await deadProxyAppNetwork?.close()
  for (const s of [service, privateVictim, metadataVictim, loopbackVictim, publicRpc]) {
    if (s && 'server' in s) {
      s.server.closeAllConnections()
      s.server.close()
    } else await s?.close()
  }
})

/** Every spelling of a victim a hostile record uses, by the victim it would reach. */
function hostileUrls(): { url: string; victim: () => Victim; reason: RegExp }[] {
  const p = privateVictim.port
  const m = metadataVictim.port
  const l = loopbackVictim.port
  return [
    { url: `http://victim.corp:${p}/`, victim: () => privateVictim, reason: /\(private network\)/ },
    { url: `http://${PRIVATE_HOST}:${p}/`, victim: () => privateVictim, reason: /\(private network\)/ },
    { url: `http://metadata.google.internal:${m}/latest/meta-data/`, victim: () => metadataVictim, reason: /\(cloud metadata address\)/ },
    { url: `http://127.0.0.1:${l}/__harness/ipc/cache:clear`, victim: () => loopbackVictim, reason: /\(loopback\)/ },
    { url: `http://2130706433:${l}/`, victim: () => loopbackVictim, reason: /\(loopback\)/ },
    { url: `http://0x7f.1:${l}/`, victim: () => loopbackVictim, reason: /\(loopback\)/ },
    { url: `http://0177.0.0.1:${l}/`, victim: () => loopbackVictim, reason: /\(loopback\)/ },
    { url: `http://localhost:${l}/`, victim: () => loopbackVictim, reason: /\(loopback\)/ },
    { url: `http://[::ffff:127.0.0.1]:${l}/`, victim: () => loopbackVictim, reason: /\(loopback\)/ },
    { url: `http://0.0.0.0:${l}/`, victim: () => loopbackVictim, reason: /\(unspecified address\)/ }
  ]
}

function profileOf(rpc: Record<string, string> = {}): Profile {
  return profileSchema.parse({ id: 'hostile', name: 'Hostile', baseUrl: service.baseUrl, rpcUrls: [], chainCheck: { enabled: true, rpc } })
}

function checksOf(fetch: Fetch, profile: Profile = profileOf()): { checks: ChainCheckService; detail: () => Promise<TransferDetail> } {
  const client = new BridgeClient({ baseUrl: service.baseUrl, rpcUrls: [], retries: 0, timeoutMs: 5000 })
  const checks = new ChainCheckService({ activeProfile: () => profile, transfer: (h) => client.queryBridgeInfo(h), tokens: () => Promise.resolve(null), chains: () => Promise.resolve(listed), fetch, addressPolicy: policy, timeoutMs: 5000 })
  return { checks, detail: () => client.queryBridgeInfo(SOURCE) }
}

const cli = { io: { env: {} }, warn: () => undefined, print: () => undefined, stored: { found: () => false } } as unknown as CliContext

/** Each trigger's legs for the record the service now serves. */
async function everyTrigger(fetch: Fetch): Promise<{ trigger: string; legs: LegCheck[] }[]> {
  const { checks, detail } = checksOf(fetch)
  const d = await detail()
  const cliOptions = { fetch, chainRpc: {}, serviceUrls: [service.baseUrl], addressPolicy: policy, timeoutMs: 5000 }
  const legsOf = (c: TransferCheck | null): LegCheck[] => c?.legs ?? []
  const rows = await checks.checkRows([SOURCE])
  expect(rows[0]?.text).toMatch(/refused|cannot/i)
  return [
    { trigger: 'Transfer view', legs: legsOf(await checks.check(SOURCE)) },
    { trigger: 'watcher', legs: legsOf(await checks.checkDetail(d)) },
    { trigger: 'transfer --verify', legs: legsOf(await commandChecks(cli, cliOptions).checkWith(d, { tokens: null, chains: listed }, { hash: SOURCE })) },
    { trigger: 'watch --verify', legs: legsOf(await commandChecks(cli, { ...cliOptions, service: { queryChainList: () => Promise.resolve(listed) } }).checkDetail(d)) }
  ]
}

const ROADS: { name: string; fetch: () => Fetch }[] = [
  { name: 'Chromium alone (checked before the request)', fetch: () => globalThis.fetch },
  { name: "the CLI's road (the connection's own lookup checked too)", fetch: () => network.fetch },
  { name: "the app's road (Chromium's fetch, a URL it would reach directly pinned through Node)", fetch: () => appNetwork.fetch },
  { name: "the app's road behind a dead proxy with DIRECT as its fallback (the fallback pinned through Node)", fetch: () => deadProxyAppNetwork.fetch }
]

describe('a hostile service names victims as RPCs', () => {
  for (const road of ROADS) {
    it(`reaches none of them from any trigger, and each check says why: ${road.name}`, async () => {
      const urls = hostileUrls()
      for (let i = 0; i < urls.length; i++) {
        const a = urls[i]!
        const b = urls[(i + 1) % urls.length]!
        serve(a.url, b.url)
        const before = [privateVictim, metadataVictim, loopbackVictim].map((v) => v.connections)
        for (const { trigger, legs } of await everyTrigger(road.fetch())) {
          expect(legs.map((l) => l.outcome.kind), trigger).toEqual(['cannot-check', 'cannot-check'])
          const [source, destination] = legs.map((l) => (l.outcome.kind === 'cannot-check' ? l.outcome.reason : ''))
          expect(source, `${trigger}: ${a.url}`).toMatch(new RegExp(`refused: the service at http://${SERVICE_HOST.replace(/\./g, '\\.')}:\\d+/? \\(public\\) named .*${a.reason.source}`))
          expect(destination, `${trigger}: ${b.url}`).toMatch(b.reason)
        }
        expect([privateVictim, metadataVictim, loopbackVictim].map((v) => v.connections)).toEqual(before)
      }
    })
  }

  it('an RPC that redirects is not followed, on every road', async () => {
    for (const road of ROADS) {
      // a name on the CLI's road, where the test's resolver is the connection's; the address itself on the app's
      const named = road.fetch() === globalThis.fetch ? PUBLIC_RPC_HOST : 'rpc.public'
      serve(`http://${named}:${publicRpc.port}/`, `http://${PUBLIC_RPC_HOST}:${publicRpc.port}/`)
      const asked = publicRpc.connections
      for (const { trigger, legs } of await everyTrigger(road.fetch())) {
        for (const leg of legs) expect(leg.outcome.kind === 'cannot-check' ? leg.outcome.reason : '', trigger).toMatch(/answered with a redirect to http:\/\/127\.0\.0\.1:\d+\/; a URL the service named is never followed/)
      }
      expect(publicRpc.connections).toBeGreaterThan(asked)
    }
    expect(loopbackVictim.connections).toBe(0)
  })

  it('a name that resolves to the internet for the check and to the private network for the connection is refused at the connection', async () => {
    const before = privateVictim.connections
    serve(`http://rebind.example:${privateVictim.port}/`, `http://rebind.example:${privateVictim.port}/`)
    // the CLI's network as if the system's DNS were the rebinding one: unpinned, its connections would follow it
    const within = network.fetch.within!
    const rebinding: Fetch = Object.assign(within('local', policy), { within })
    for (const { legs } of await everyTrigger(rebinding)) for (const leg of legs) expect(leg.outcome.kind).toBe('cannot-check')
    expect(rebindAnswers).toBeGreaterThan(1)
    expect(privateVictim.connections).toBe(before)
    // the Electron app's road, where the session goes direct: the connection's lookup is the policy's there too
    const answersBefore = rebindAnswers
    for (const { legs } of await everyTrigger(appNetwork.fetch)) for (const leg of legs) expect(leg.outcome.kind).toBe('cannot-check')
    expect(rebindAnswers).toBeGreaterThan(answersBefore + 1)
    expect(privateVictim.connections).toBe(before)
    // and where the session names a proxy that is dead, with DIRECT behind it: the fallback is the pinned road
    const answersThen = rebindAnswers
    for (const { legs } of await everyTrigger(deadProxyAppNetwork.fetch)) for (const leg of legs) expect(leg.outcome.kind).toBe('cannot-check')
    expect(rebindAnswers).toBeGreaterThan(answersThen + 1)
    expect(privateVictim.connections).toBe(before)
    // the pinned connection really goes where the policy's lookup says: allowed the private network, it arrives
    const pinned = network.fetch.within!('private', new AddressPolicy({ classify, lookup: () => Promise.resolve([PRIVATE_HOST]) }))
    expect((await pinned(`http://victim.corp:${privateVictim.port}/`)).status).toBe(200)
    expect(privateVictim.connections).toBe(before + 1)
  })

  it('what the user typed is asked as typed, and a service on loopback may name loopback', async () => {
    const typed = `http://${PRIVATE_HOST}:${privateVictim.port}/`
    serve(typed, typed)
    const before = privateVictim.connections
    const { checks } = checksOf(network.fetch, profileOf({ '1': typed, '56': typed }))
    const check = await checks.check(SOURCE)
    for (const leg of check.legs) expect(leg.outcome.kind === 'cannot-check' ? leg.outcome.reason : '').not.toMatch(/refused/)
    expect(privateVictim.connections).toBeGreaterThan(before)

    const local = await startChainService([])
    try {
      const policyForLocal = new AddressPolicy({ classify, lookup: () => Promise.reject(new Error('no DNS')) })
      expect(await policyForLocal.serviceSpace([local.baseUrl])).toBe('local')
      await expect(policyForLocal.check(`http://127.0.0.1:${loopbackVictim.port}/`, { service: local.baseUrl, space: 'local' })).resolves.toBeUndefined()
    } finally {
      await local.close()
    }
  })
})

describe('a hostile service redirects the app', () => {
  it("the CLI's and the shell's requests to the service follow no redirect onto this computer", async () => {
    const own = networkFromEnv({}, policy)
    try {
      const client = new BridgeClient({ baseUrl: `http://${PUBLIC_RPC_HOST}:${publicRpc.port}`, rpcUrls: [], retries: 0, timeoutMs: 5000, fetch: own.fetch })
      await expect(client.queryTokenList()).rejects.toThrow(/^refused: the service at http:\/\/127\.0\.0\.5:\d+ \(public\) named http:\/\/127\.0\.0\.1:\d+\/ \(loopback\)$/)
      expect(loopbackVictim.connections).toBe(0)
    } finally {
      await own.close()
    }
  })

  it("the app's requests to the service follow no redirect onto this computer either, with retries or without", async () => {
    const asked = publicRpc.requests
    for (const retries of [0, 2]) {
      const client = new BridgeClient({ baseUrl: `http://${PUBLIC_RPC_HOST}:${publicRpc.port}`, rpcUrls: [], retries, timeoutMs: 5000, retryDelayMs: () => 0, fetch: appNetwork.fetch })
      await expect(client.queryTokenList()).rejects.toThrow(/^refused: the service at http:\/\/127\.0\.0\.5:\d+ \(public\) named http:\/\/127\.0\.0\.1:\d+\/ \(loopback\)$/)
    }
    // asked once each time: a refusal is not retried
    expect(publicRpc.requests).toBe(asked + 2)
    expect(loopbackVictim.connections).toBe(0)
  })
})

describe('a hostile service names victims as icons', () => {
  it('the icon route fetches none of them and answers that there is no icon', async () => {
    for (const road of ROADS) {
      const icons = createIconService({
        cache: { get: () => Promise.resolve(null), put: () => Promise.resolve() },
        demoOrigin: () => null,
        now: Date.now,
        fetch: road.fetch(),
        serviceUrls: () => Promise.resolve([service.baseUrl]),
        addressPolicy: policy
      })
      for (const target of [`https://victim.corp:${privateVictim.port}/i.png`, `https://metadata.google.internal:${metadataVictim.port}/i.png`, `https://2130706433:${loopbackVictim.port}/i.png`]) {
        const before = [privateVictim, metadataVictim, loopbackVictim].map((v) => v.connections)
        const answer = await icons.respond(`app://bridgescope/__icon?src=${encodeURIComponent(target)}`)
        expect(answer.status, target).toBe(404)
        expect([privateVictim, metadataVictim, loopbackVictim].map((v) => v.connections)).toEqual(before)
      }
    }
  })

  it('an icon host that redirects onto this computer is asked once and not followed, on every road', async () => {
    for (const road of ROADS) {
      // the one http origin the icon route takes is the demo's: here the public host that answers 307 to loopback
      const origin = `http://${PUBLIC_RPC_HOST}:${publicRpc.port}`
      const icons = createIconService({
        cache: { get: () => Promise.resolve(null), put: () => Promise.resolve() },
        demoOrigin: () => origin,
        now: Date.now,
        fetch: road.fetch(),
        serviceUrls: () => Promise.resolve([service.baseUrl]),
        addressPolicy: policy
      })
      const asked = publicRpc.requests
      const answer = await icons.respond(`app://bridgescope/__icon?src=${encodeURIComponent(`${origin}/i.png`)}`)
      expect(answer.status).toBe(404)
      expect(publicRpc.requests).toBe(asked + 1)
    }
    expect(loopbackVictim.connections).toBe(0)
  })
})
