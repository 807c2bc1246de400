// The two roads of one client request (src/main/net/send.ts): through fetch, and through the CLI network's own
// dispatcher without the Fetch API. The second must be invisible: the server sees the same request, the
// client reads the same answer (content codings decoded, redirects followed), and every fault ends in the same
// AppError after the same number of tries.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from 'node:zlib'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { BridgeClient } from '../../../../src/main/client/mcs/client'
import { isRefused } from '../../../../src/main/client/http'
import { networkFromEnv } from '../../../../src/main/net/env-proxy'
import { rootCause, type Fetch, type Incoming, type Network, type Send } from '../../../../src/main/net/fetch'
import { sendByFetch } from '../../../../src/main/net/send'
import { AppError } from '../../../../src/shared/errors'
import { startSimulator, type SimOperation, type Simulator } from '../../../support/simulator'
import { closedPort } from './test-proxy'

let network: Network
/** the same network's fetch without its `send`: the Fetch API road through the same dispatcher */
let fetchOnly: Fetch

beforeAll(() => {
  network = networkFromEnv({})
  fetchOnly = (input, init) => network.fetch(input, init)
})
afterAll(async () => network.close())

const roads = (): [string, Send][] => [
  ['fetch', sendByFetch(fetchOnly)],
  ['dispatcher', network.fetch.send!]
]

async function readAll(answer: Incoming): Promise<string> {
  const chunks: Uint8Array[] = []
  for (let c = await answer.read(); c !== null; c = await answer.read()) chunks.push(c)
  return Buffer.concat(chunks).toString('utf8')
}

interface Seen {
  method: string
  url: string
  headers: string[]
  body: string
}

describe('one request, either road', () => {
  let server: Server
  let base: string
  const seen: Seen[] = []
  const routes = new Map<string, (req: IncomingMessage, res: ServerResponse) => void>()
  const json = Buffer.from('{"code":0,"data":{"height":"14199998"},"msg":"success"}')

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = ''
      req.on('data', (c: Buffer) => (body += c.toString('utf8')))
      req.on('end', () => {
        const host = req.rawHeaders.findIndex((h, i) => i % 2 === 0 && h.toLowerCase() === 'host')
        // the port differs from run to run; the rest of the request must not
        seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.rawHeaders.filter((_, i) => i !== host + 1), body })
        const route = routes.get((req.url ?? '').split('?')[0] ?? '')
        if (route) route(req, res)
        else res.writeHead(404).end()
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    const coded = (coding: string, bytes: Buffer) => (_req: IncomingMessage, res: ServerResponse) => res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': coding }).end(bytes)
    routes.set('/plain', (_req, res) => res.writeHead(200, { 'content-type': 'application/json;charset=UTF-8' }).end(json))
    routes.set('/gzip', coded('gzip', gzipSync(json)))
    routes.set('/x-gzip', coded('x-gzip', gzipSync(json)))
    routes.set('/deflate', coded('deflate', deflateSync(json)))
    routes.set('/deflate-raw', coded('deflate', deflateRawSync(json)))
    routes.set('/br', coded('br', brotliCompressSync(json)))
    routes.set('/twice', coded('deflate, gzip', gzipSync(deflateSync(json))))
    routes.set('/unknown', coded('x-unknown', json))
    routes.set('/teapot', (_req, res) => {
      res.statusMessage = 'Short And Stout'
      res.writeHead(418, [['content-type', 'text/plain'], ['x-many', 'one'], ['x-many', 'two']]).end('no coffee')
    })
    routes.set('/empty', (_req, res) => res.writeHead(204).end())
    routes.set('/moved', (_req, res) => res.writeHead(302, { location: '/plain' }).end('see /plain'))
    routes.set('/kept', (_req, res) => res.writeHead(307, { location: '/echo' }).end())
    routes.set('/echo', (req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ method: req.method })))
  })
  afterAll(async () => new Promise<void>((resolve) => server.close(() => resolve())))
  afterEach(() => {
    seen.length = 0
  })

  it('reaches the server as the same request: method, path and query, headers in order, body', async () => {
    for (const [, send] of roads()) {
      await readAll(await send({ url: `${base}/plain?chainId=1&x=%20`, method: 'GET', headers: { accept: 'application/json' }, signal: new AbortController().signal }))
      await readAll(await send({ url: `${base}/echo`, method: 'POST', headers: { accept: 'application/json', 'content-type': 'application/json' }, body: '{"jsonrpc":"2.0","id":1}', signal: new AbortController().signal }))
    }
    expect(seen).toHaveLength(4)
    expect(seen[2]).toEqual(seen[0])
    expect(seen[3]).toEqual(seen[1])
    expect(seen[0]?.headers).toContain('user-agent')
    expect(seen[1]?.body).toBe('{"jsonrpc":"2.0","id":1}')
  })

  it('reads the same answer: status line, headers, and the body decoded from every coding fetch decodes', async () => {
    const paths = ['/plain', '/gzip', '/x-gzip', '/deflate', '/deflate-raw', '/br', '/twice', '/unknown', '/teapot', '/empty', '/moved', '/kept']
    const read = async (send: Send, path: string) => {
      const a = await send({ url: `${base}${path}`, method: path === '/kept' ? 'POST' : 'GET', headers: { accept: 'application/json' }, ...(path === '/kept' ? { body: '{}' } : {}), signal: new AbortController().signal })
      return { status: a.status, statusText: a.statusText, type: a.header('content-type'), many: a.header('x-many'), missing: a.header('x-none'), body: await readAll(a) }
    }
    const [[, viaFetch], [, viaDispatcher]] = roads() as [[string, Send], [string, Send]]
    for (const path of paths) expect([path, await read(viaDispatcher, path)]).toEqual([path, await read(viaFetch, path)])
    // and what was read is what was meant
    expect((await read(viaDispatcher, '/twice')).body).toBe(json.toString('utf8'))
    expect(await read(viaDispatcher, '/teapot')).toMatchObject({ status: 418, statusText: 'Short And Stout', many: 'one, two', missing: null })
    expect(await read(viaDispatcher, '/moved')).toMatchObject({ status: 200, body: json.toString('utf8') })
    expect(JSON.parse((await read(viaDispatcher, '/kept')).body)).toEqual({ method: 'POST' })
  })

  it('a refused connection is refused on both roads, in the words isRefused reads', async () => {
    const port = await closedPort()
    for (const [name, send] of roads()) {
      const error = await send({ url: `http://127.0.0.1:${port}/`, method: 'GET', headers: {}, signal: new AbortController().signal }).then(
        () => null,
        (e: unknown) => e
      )
      expect([name, isRefused(error)]).toEqual([name, true])
    }
  })
})

describe("the CLI's road ends every fault as the Fetch API's road does", () => {
  let sim: Simulator
  beforeAll(async () => {
    sim = await startSimulator({ seed: 5, transfers: 300, rotateEveryMs: null })
  })
  afterAll(async () => sim.close())
  afterEach(() => sim.clearFaults())

  const opts = { retryDelayMs: () => 20, timeoutMs: 1_000 }
  const clients = (over: { timeoutMs?: number } = {}): [string, BridgeClient][] => [
    ['fetch', new BridgeClient({ baseUrl: sim.baseUrl, rpcUrls: [sim.rpcUrl], ...opts, ...over, fetch: fetchOnly })],
    ['dispatcher', new BridgeClient({ baseUrl: sim.baseUrl, rpcUrls: [sim.rpcUrl], ...opts, ...over, fetch: network.fetch })]
  ]

  const outcome = async (op: SimOperation, run: (c: BridgeClient) => Promise<unknown>, c: BridgeClient) => {
    const before = sim.stats().requests[op]
    const result = await run(c).then(
      (value) => ({ ok: true as const, value }),
      (e: unknown) => ({ ok: false as const, error: e instanceof AppError ? { kind: e.kind, code: e.code, message: e.message, operation: e.operation } : String(e) })
    )
    return { result, tries: sim.stats().requests[op] - before }
  }

  const cases: [string, SimOperation, Parameters<Simulator['setFaults']>[1], (c: BridgeClient) => Promise<unknown>][] = [
    ['a healthy answer', 'queryChainList', {}, (c) => c.queryChainList()],
    ['a 500 once, then success', 'queryTokenList', { status: 500, times: 1 }, (c) => c.queryTokenList()],
    ['503 until the retries are spent', 'queryTokenList', { status: 503 }, (c) => c.queryTokenList()],
    ['404, not retried', 'queryChainList', { status: 404 }, (c) => c.queryChainList()],
    ['an HTML error page', 'queryChainList', { html: true }, (c) => c.queryChainList()],
    ['a truncated body', 'queryTokenList', { truncate: true }, (c) => c.queryTokenList()],
    ['an api envelope', 'queryChainList', { envelope: { code: 500, message: 'busy' } }, (c) => c.queryChainList()],
    ['latency far past the limit', 'queryChainList', { latencyMs: 120_000 }, (c) => c.queryChainList()],
    ['a dripping body', 'queryChainList', { dripMs: 200 }, (c) => c.queryChainList()],
    ['a JSON-RPC error', 'tss_getVault', { rpcError: { code: -32000, message: 'epoch not found' } }, (c) => c.getVault('0x1')],
    ['a huge body', 'queryChainList', { hugeBodyMb: 25 }, (c) => c.queryChainList()]
  ]

  it.each(cases)('%s', async (_name, op, fault, run) => {
    const seen = []
    // a huge body must meet the size cap, never the deadline, however busy the machine: its limit is far off
    for (const [, client] of clients(fault?.hugeBodyMb ? { timeoutMs: 600_000 } : {})) {
      sim.setFaults(op, fault)
      seen.push(await outcome(op, run, client))
      sim.clearFaults()
    }
    expect(seen[1]).toEqual(seen[0])
  })

  it('429 waits out its Retry-After on both roads', async () => {
    for (const [name, client] of clients()) {
      sim.setFaults('queryChainList', { status: 429, times: 1 })
      const t0 = Date.now()
      const { result, tries } = await outcome('queryChainList', (c) => c.queryChainList(), client)
      expect([name, result.ok, tries, Date.now() - t0 >= 900]).toEqual([name, true, 2, true])
    }
  })

  it("a hang ends as the caller's cancel on both roads, not at the deadline", async () => {
    const patient = { retryDelayMs: () => 20, timeoutMs: 600_000 }
    for (const [name, fetch] of [['fetch', fetchOnly], ['dispatcher', network.fetch]] as const) {
      const client = new BridgeClient({ baseUrl: sim.baseUrl, rpcUrls: [sim.rpcUrl], ...patient, fetch })
      sim.setFaults('queryChainList', { hang: true })
      const ctl = new AbortController()
      const asked = outcome('queryChainList', (c) => c.queryChainList({ signal: ctl.signal }), client)
      // cancelled once the request is held: a deadline ten minutes off cannot be what ends it
      await expect.poll(() => sim.stats().held, { timeout: 120_000 }).toBe(1)
      ctl.abort()
      const { result } = await asked
      expect([name, result.ok ? null : result.error]).toEqual([name, expect.objectContaining({ kind: 'cancelled' })])
      sim.releaseHeld()
    }
  })
})

describe('redirects, either road', () => {
  // Two origins, so that a redirect can leave the one it was asked of; both count what they are asked, by path.
  const asked = new Map<string, number>()
  const seenAt = new Map<string, { method: string; headers: Record<string, string | string[] | undefined>; body: string }>()
  const servers: Server[] = []
  let base = ''
  let other = ''

  const handler = (req: IncomingMessage, res: ServerResponse): void => {
    let body = ''
    req.on('data', (c: Buffer) => (body += c.toString('utf8')))
    req.on('end', () => {
      const path = req.url ?? ''
      asked.set(path, (asked.get(path) ?? 0) + 1)
      seenAt.set(path, { method: req.method ?? '', headers: req.headers, body })
      const [, kind, arg] = path.split('/')
      const to = (location: string, status = 302) => res.writeHead(status, { location }).end('moved')
      if (kind === 'from') to(`/to/${arg}`, Number(arg))
      else if (kind === 'to') res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ method: req.method, body, type: req.headers['content-type'] ?? null }))
      else if (kind === 'hop') to(`/hop/${Number(arg) + 1}`)
      else if (kind === 'ftp') to('ftp://127.0.0.1/file')
      else if (kind === 'credentials') to(`${base.replace('//', '//user:secret@')}/to/302`)
      else if (kind === 'bad-port') to('http://127.0.0.1:6000/to/302')
      else if (kind === 'unparsable') to('http://[::1/to/302')
      else if (kind === 'away') to(`${other}/to/307`, 307)
      else res.writeHead(404).end()
    })
  }

  beforeAll(async () => {
    for (let i = 0; i < 2; i++) {
      const server = createServer(handler)
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
      servers.push(server)
    }
    base = `http://127.0.0.1:${(servers[0]!.address() as AddressInfo).port}`
    other = `http://127.0.0.1:${(servers[1]!.address() as AddressInfo).port}`
  })
  afterAll(async () => Promise.all(servers.map((s) => new Promise<void>((resolve) => s.close(() => resolve())))))
  afterEach(() => {
    asked.clear()
    seenAt.clear()
  })

  /** What a road makes of one request, and how many times each path was asked for it. */
  async function outcome(send: Send, url: string, method: 'GET' | 'POST', headers: Record<string, string> = {}) {
    asked.clear()
    const result = await send({ url, method, headers: { accept: 'application/json', ...headers }, ...(method === 'POST' ? { body: '{"id":1}' } : {}), signal: new AbortController().signal }).then(
      async (a) => ({ status: a.status, body: await readAll(a) }),
      (e: unknown) => {
        const cause = rootCause(e)
        return { failed: cause instanceof Error ? cause.message : String(cause) }
      }
    )
    return { result, asked: Object.fromEntries(asked) }
  }

  it.each([301, 302, 303, 307, 308])('%i: each URL asked once, the method and body kept or dropped as fetch does', async (status) => {
    for (const method of ['GET', 'POST'] as const) {
      const seen = []
      for (const [, send] of roads()) seen.push(await outcome(send, `${base}/from/${status}`, method, method === 'POST' ? { 'content-type': 'application/json' } : {}))
      expect(seen[0]?.asked).toEqual({ [`/from/${status}`]: 1, [`/to/${status}`]: 1 })
      expect([status, method, seen[1]]).toEqual([status, method, seen[0]])
    }
    // what fetch does, spelled out: 307 and 308 send the same request again, the others a GET without the body
    const kept = await outcome(network.fetch.send!, `${base}/from/${status}`, 'POST', { 'content-type': 'application/json' })
    const again = status === 307 || status === 308
    expect(JSON.parse((kept.result as { body: string }).body)).toEqual(again ? { method: 'POST', body: '{"id":1}', type: 'application/json' } : { method: 'GET', body: '', type: null })
  })

  it('too many redirects: refused on both roads after the same 21 requests', async () => {
    const seen = []
    for (const [, send] of roads()) seen.push(await outcome(send, `${base}/hop/0`, 'GET'))
    expect(Object.values(seen[0]!.asked).reduce((a, b) => a + b, 0)).toBe(21)
    expect(seen[0]?.result).toEqual({ failed: 'redirect count exceeded' })
    expect(seen[1]).toEqual(seen[0])
  })

  it('a redirect to another scheme, to a URL with credentials, to a bad port or to no URL is refused on both roads, unsent', async () => {
    for (const path of ['/ftp/', '/credentials/', '/bad-port/', '/unparsable/']) {
      const seen = []
      for (const [, send] of roads()) seen.push(await outcome(send, `${base}${path}`, 'GET'))
      expect(seen[0]?.asked).toEqual({ [path]: 1 })
      expect(seen[0]?.result).toHaveProperty('failed')
      expect([path, seen[1]]).toEqual([path, seen[0]])
    }
  })

  it('a redirect to another origin drops the authorization header on both roads', async () => {
    const seen = []
    for (const [, send] of roads()) {
      const { result } = await outcome(send, `${base}/away/`, 'POST', { authorization: 'Bearer t', 'content-type': 'application/json' })
      seen.push({ result, there: seenAt.get('/to/307')?.headers.authorization ?? null })
    }
    expect(seen[0]).toEqual({ result: { status: 200, body: expect.stringContaining('"method":"POST"') }, there: null })
    expect(seen[1]).toEqual(seen[0])
  })
})
