// The harness is as strict as the app: every route refuses a Host that is not the harness's own name
// (DNS rebinding: another site resolved to 127.0.0.1) and an Origin of another site; 127.0.0.1, localhost
// and [::1] with the harness's port all work. Calls and the socket also need an Origin and this launch's key,
// and the icon route a browser's word that the app's own page asks.
import { request } from 'node:http'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startHarness, type Harness } from '../../support/harness'

let harness: Harness
let port = 0
beforeAll(async () => {
  harness = await startHarness({ dataDir: mkdtempSync(join(tmpdir(), 'bs-harness-host-')), rendererDir: 'out/renderer', demo: { transfers: 100, rotateEveryMs: null } })
  port = Number(new URL(harness.url).port)
})
afterAll(() => harness.close())

/** One request with the Host and Origin we choose; the answer's status (events: as soon as headers arrive). */
function ask(method: string, path: string, headers: Record<string, string>, body?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path, headers }, (res) => {
      resolve(res.statusCode ?? 0)
      res.destroy()
    })
    // a WebSocket handshake the harness accepts: 101 Switching Protocols
    req.on('upgrade', (res, socket) => {
      resolve(res.statusCode ?? 0)
      socket.destroy()
    })
    req.on('error', reject)
    req.end(body)
  })
}

/** the page's WebSocket: a handshake as a browser sends it */
const UPGRADE = { Connection: 'Upgrade', Upgrade: 'websocket', 'Sec-WebSocket-Version': '13', 'Sec-WebSocket-Key': 'dGhlIHNhbXBsZSBub25jZQ==' }

const ROUTES: [string, string, string?][] = [
  ['GET', '/'],
  ['GET', '/index.html'],
  ['GET', '/__harness/bridge.js'],
  ['GET', '/__harness/socket', undefined],
  ['POST', '/__harness/ipc/app:info', JSON.stringify({ input: null })],
  ['POST', '/__harness/ipc/settings:get', JSON.stringify({ input: null })]
]

describe('harness Host and Origin checks', () => {
  for (const [method, route, body] of ROUTES) {
    const socket = route === '/__harness/socket'
    // the calls and the socket are the page's alone: they carry its Origin and this launch's key
    const call = socket || route.startsWith('/__harness/ipc/')
    it(`${method} ${route}: a foreign Host or Origin is refused, our own names are served`, async () => {
      const at = socket ? `${route}?key=${harness.key}` : route
      const extra = { ...(socket ? UPGRADE : {}), ...(call && !socket ? { 'X-Bridgescope-Key': harness.key } : {}) }
      expect(await ask(method, at, { ...extra, Host: `evil.example:${port}` }, body)).toBe(403)
      expect(await ask(method, at, { ...extra, Host: 'evil.example' }, body)).toBe(403)
      expect(await ask(method, at, { ...extra, Host: `127.0.0.1:${port + 1}` }, body)).toBe(403)
      expect(await ask(method, at, { ...extra, Host: `127.0.0.1:${port}`, Origin: 'http://evil.example' }, body)).toBe(403)
      expect(await ask(method, at, { ...extra, Host: `localhost:${port}`, Origin: `http://evil.example:${port}` }, body)).toBe(403)
      for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`]) {
        // a call without an Origin is no page's: refused; a plain page load sends none and is served
        expect(await ask(method, at, { ...extra, Host: host }, body)).toBe(call ? 403 : 200)
        expect(await ask(method, at, { ...extra, Host: host, Origin: `http://${host}` }, body)).toBeLessThan(300)
      }
    })
  }

  it("the icon route answers only the app's own page (a browser's Sec-Fetch-Site: same-origin)", async () => {
    const icon = `/__icon?src=${encodeURIComponent('https://icons.example/x.png')}`
    for (const site of [undefined, 'cross-site', 'same-site', 'none']) {
      expect([site, await ask('GET', icon, { Host: `127.0.0.1:${port}`, ...(site ? { 'Sec-Fetch-Site': site } : {}) })]).toEqual([site, 403])
    }
  })
})
