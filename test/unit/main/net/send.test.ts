// The two roads of one client request (src/main/net/send.ts): through fetch, and through the CLI network's own
// dispatcher without the Fetch API. The second must be invisible: the server sees the same request and the
// client reads the same answer (content codings decoded, redirects followed).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from 'node:zlib'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { isRefused } from '../../../../src/main/client/http'
import { networkFromEnv } from '../../../../src/main/net/env-proxy'
import type { Fetch, Incoming, Network, Send } from '../../../../src/main/net/fetch'
import { sendByFetch } from '../../../../src/main/net/send'
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
    expect(await read(viaDispatcher, '/teapot')).toMatchObject({ status: 418, statusText: 'Short And Stout', many: 'one,two', missing: null })
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
