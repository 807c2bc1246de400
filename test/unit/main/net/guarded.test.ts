// The road for URLs a service names carries a request whole: ky hands its fetch a Request (method, headers and
// body inside it), and a POST of JSON-RPC must reach the RPC as sent, on the app's road and on the CLI's.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { AddressPolicy, networkFromEnv, serviceNamedFetch, type Network } from '../../../../src/main/net'

let server: Server
let url = ''
let network: Network
const seen: { method: string; type: string; body: string }[] = []

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = ''
    req.on('data', (c: Buffer) => (body += c.toString()))
    req.on('end', () => {
      seen.push({ method: req.method ?? '', type: req.headers['content-type'] ?? '', body })
      res.setHeader('content-type', 'application/json')
      res.end(body || '{}')
    })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
  network = networkFromEnv({})
})
afterAll(async () => {
  await network.close()
  server.close()
})

describe('a service-named URL asked through the policy', () => {
  for (const road of ['app', 'cli'] as const) {
    it(`keeps a Request's method, headers and body (${road}'s road)`, async () => {
      const guarded = serviceNamedFetch(road === 'app' ? globalThis.fetch : network.fetch, {
        policy: new AddressPolicy(),
        service: () => Promise.resolve([url])
      })
      await fc.assert(
        fc.asyncProperty(fc.jsonValue(), async (value) => {
          seen.length = 0
          const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [value] })
          const answer = await guarded(new Request(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body }))
          expect(await answer.text()).toBe(body)
          expect(seen).toEqual([{ method: 'POST', type: 'application/json', body }])
        }),
        { numRuns: 25 }
      )
    })
  }
})
