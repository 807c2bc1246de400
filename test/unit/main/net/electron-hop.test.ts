// One hop of the query service's request on Electron's net.request, with Electron's ClientRequest in 'manual'
// mode stood in for as its source has it (../electron-stub.ts): a redirect comes back as an answer naming where
// it leads, never followed; any other answer whole, as net.fetch would give it; a caller's cancel ends it.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { ClientRequest } from 'electron'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { electronHop } from '../../../../src/main/net'
import { net, recorded } from '../electron-stub'

let server: Server
let base = ''
const asked: string[] = []

beforeAll(async () => {
  server = createServer((req, res) => {
    asked.push(`${req.method} ${req.url}`)
    let body = ''
    req.on('data', (c: Buffer) => (body += c.toString()))
    req.on('end', () => {
      if (req.url === '/moved') res.writeHead(308, { location: '/here' }).end('moved')
      else if (req.url === '/hang') res.writeHead(200).write('{')
      else res.writeHead(200, { 'content-type': 'application/json', 'x-seen': req.headers.accept ?? '' }).end(JSON.stringify({ method: req.method, body }))
    })
  })
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => {
  server.closeAllConnections()
  server.close()
})

const hop = electronHop((options) => net.request({ ...options, url: options.url ?? '' }) as unknown as ClientRequest)

describe("one hop on Electron's net.request", () => {
  it('a redirect is answered with its status and where it leads (made absolute), and not followed', async () => {
    asked.length = 0
    const answer = await hop(`${base}/moved`, { method: 'GET', headers: { accept: 'application/json' } })
    expect(answer.status).toBe(308)
    expect(answer.headers.get('location')).toBe(`${base}/here`)
    expect(asked).toEqual(['GET /moved'])
  })

  it('any other answer comes whole: status, headers, body; the method, headers and body sent as given', async () => {
    const answer = await hop(`${base}/api`, { method: 'POST', headers: { accept: 'application/json', 'content-type': 'application/json' }, body: '{"a":1}' })
    expect(answer.status).toBe(200)
    expect(answer.headers.get('x-seen')).toBe('application/json')
    expect(await answer.json()).toEqual({ method: 'POST', body: '{"a":1}' })
    expect(recorded.netFetches.at(-1)).toEqual({ url: `${base}/api`, method: 'POST' })
  })

  it("a caller's cancel ends the wait with its reason, before or during the exchange", async () => {
    const early = new AbortController()
    early.abort(new Error('given up'))
    await expect(hop(`${base}/api`, { method: 'GET', signal: early.signal })).rejects.toThrow('given up')
    const late = new AbortController()
    const answer = await hop(`${base}/hang`, { method: 'GET', signal: late.signal })
    const reading = answer.text()
    late.abort(new Error('given up late'))
    await expect(reading).rejects.toThrow()
  })
})
