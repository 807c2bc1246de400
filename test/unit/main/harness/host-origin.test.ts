// 12.9: the harness is as strict as the app. Every route checks Host (DNS rebinding: a foreign name that
// resolves to 127.0.0.1 still sends its own Host) and Origin (another site's page), and the page works the
// same whether the user opens it at 127.0.0.1 or at localhost.
import { mkdtempSync } from 'node:fs'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isOwnRequest, startHarness, type Harness } from '../../../../src/main/harness/server'

let harness: Harness
let port: number

beforeAll(async () => {
  harness = await startHarness({ dataDir: mkdtempSync(join(tmpdir(), 'bs-harness-host-')), rendererDir: 'out/renderer', demo: { transfers: 50, rotateEveryMs: null } })
  port = Number(new URL(harness.url).port)
})
afterAll(() => harness.close())

/** A raw request (fetch cannot set Host): the status and the first bytes of the body. */
function raw(method: string, path: string, headers: Record<string, string>, body?: string): Promise<{ status: number; text: string }> {
  return new Promise((ok, fail) => {
    const req = request({ host: '127.0.0.1', port, method, path, headers }, (res) => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => {
        text += chunk
        // The event stream never ends by itself: its first frame is enough.
        if (path.startsWith('/__harness/events')) res.destroy()
      })
      const done = () => ok({ status: res.statusCode ?? 0, text })
      res.on('end', done)
      res.on('close', done)
    })
    req.on('error', fail)
    req.end(body)
  })
}

const routes: { name: string; method: string; path: string; body?: string }[] = [
  { name: 'the page', method: 'GET', path: '/' },
  { name: 'a renderer file', method: 'GET', path: '/index.html' },
  { name: 'the bridge script', method: 'GET', path: '/__harness/bridge.js' },
  { name: 'the event stream', method: 'GET', path: '/__harness/events?client=x' },
  { name: 'an IPC call', method: 'POST', path: '/__harness/ipc/app:info', body: '{"input":null}' },
  { name: 'an unknown path', method: 'GET', path: '/nothing-here' }
]

describe('12.9 the harness checks Host and Origin on every route', () => {
  for (const route of routes) {
    it(`12.9 a foreign Host (DNS rebinding) gets 403 for ${route.name}`, async () => {
      const res = await raw(route.method, route.path, { Host: `evil.example:${port}`, 'Content-Type': 'application/json' }, route.body)
      expect(res.status).toBe(403)
      expect(res.text).not.toContain('bridge')
    })
    it(`12.9 a foreign Origin gets 403 for ${route.name}`, async () => {
      const res = await raw(route.method, route.path, { Host: `127.0.0.1:${port}`, Origin: 'https://evil.example', 'Content-Type': 'application/json' }, route.body)
      expect(res.status).toBe(403)
    })
    it(`12.9 127.0.0.1 and localhost both work for ${route.name}`, async () => {
      for (const host of [`127.0.0.1:${port}`, `localhost:${port}`]) {
        const res = await raw(route.method, route.path, { Host: host, Origin: `http://${host}`, 'Content-Type': 'application/json' }, route.body)
        expect([200, 404]).toContain(res.status)
        if (route.path !== '/nothing-here') expect(res.status).toBe(200)
      }
    })
  }

  it('12.9 the events of the user are not readable by a rebinding page', async () => {
    const res = await raw('GET', '/__harness/events?client=spy', { Host: `attacker.example:${port}` })
    expect(res.status).toBe(403)
    expect(res.text).not.toContain('connected')
  })

  it('12.9 the decision table: own names with our port only, Origin absent or the same origin', () => {
    const table: [string | undefined, string | undefined, boolean][] = [
      [`127.0.0.1:${port}`, undefined, true],
      [`localhost:${port}`, undefined, true],
      [`LOCALHOST:${port}`, `http://localhost:${port}`, true],
      [`[::1]:${port}`, `http://[::1]:${port}`, true],
      [`127.0.0.1:${port}`, `http://127.0.0.1:${port}`, true],
      [`127.0.0.1:${port}`, `http://localhost:${port}`, false],
      [`127.0.0.1:${port + 1}`, undefined, false],
      ['127.0.0.1', undefined, false],
      [undefined, undefined, false],
      [`evil.example:${port}`, `http://evil.example:${port}`, false],
      [`127.0.0.1:${port}`, 'null', false],
      [`127.0.0.1:${port}`, `https://127.0.0.1:${port}`, false]
    ]
    for (const [host, origin, expected] of table) expect([host, origin, isOwnRequest(host, origin, port)]).toEqual([host, origin, expected])
  })
})
