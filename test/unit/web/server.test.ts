// The browser harness's transport: same handler table over a WebSocket (and over HTTP while a page has no
// socket open), push events on the socket, and calls from any origin but its own page refused.
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { SOCKET_PATH } from '../../../src/web/bridge-script'
import { parseCall } from '../../../src/web/server'
import { appProtocolResponse } from '../../../src/main/app-protocol'
import { startHarness, type Harness } from '../../support/harness'

let harness: Harness

beforeAll(async () => {
  harness = await startHarness({ dataDir: mkdtempSync(join(tmpdir(), 'bs-harness-')), rendererDir: 'out/renderer', demo: { transfers: 300, rotateEveryMs: null } })
})
afterAll(() => harness.close())

/** The page's own headers: its Origin and this launch's key. */
const own = (h: Harness): Record<string, string> => ({ Origin: h.origin, 'X-Bridgescope-Key': h.key })

const post = (channel: string, input: unknown, headers: Record<string, string> = own(harness)) =>
  fetch(new URL(`/__harness/ipc/${channel}`, harness.url), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify({ input })
  })

describe('browser harness', () => {
  it('serves the built renderer with the bridge script before the app and the CSP header', async () => {
    const res = await fetch(harness.url)
    const html = await res.text()
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'")
    expect(html.indexOf('/__harness/bridge.js')).toBeLessThan(html.indexOf('type="module"'))
    // deferred (never async): it runs before the module scripts without blocking the parser while it loads
    expect(html).toContain('<script defer src="/__harness/bridge.js"></script>')
    const bridge = await (await fetch(new URL('/__harness/bridge.js', harness.url))).text()
    expect(bridge).toContain('"historyLoadAll":"history:loadAll"')
  })

  it('lets the browser keep built chunks, named by their content, for good; never the page or the bridge', async () => {
    const html = await (await fetch(harness.url)).text()
    const chunk = /\/assets\/[\w-]+-[\w-]{8}\.js/.exec(html)?.[0]
    expect(chunk).toBeDefined()
    const asset = await fetch(new URL(chunk as string, harness.url))
    expect(asset.status).toBe(200)
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect((await fetch(harness.url)).headers.get('cache-control')).toBeNull()
    expect((await fetch(new URL('/__harness/bridge.js', harness.url))).headers.get('cache-control')).toBe('no-store')
    expect((await fetch(new URL('/favicon.png', harness.url))).headers.get('cache-control')).toBeNull()
  })

  it("sends every file of the renderer with the same headers as the app's app:// protocol", async () => {
    const html = await (await fetch(harness.url)).text()
    const chunk = /\/assets\/[\w-]+-[\w-]{8}\.js/.exec(html)?.[0] as string
    const names = ['content-type', 'content-security-policy', 'x-content-type-options', 'cache-control']
    const headersOf = (h: Headers) => Object.fromEntries(names.map((n) => [n, h.get(n)]))
    for (const path of ['/', '/index.html', chunk, '/favicon.png', '/assets/missing-abcdefgh.js']) {
      const web = await fetch(new URL(path, harness.url))
      const app = await appProtocolResponse(`app://bridgescope${path}`, 'out/renderer')
      expect([path, web.status, headersOf(web.headers)]).toEqual([path, app.status, headersOf(app.headers)])
      await web.arrayBuffer()
    }
    expect((await fetch(new URL(chunk, harness.url))).headers.get('x-content-type-options')).toBe('nosniff')
  })

  it('answers calls through the real handler table, with typed input errors', async () => {
    const info = (await (await post('app:info', null)).json()) as { ok: boolean; value: { shell: string; demo: unknown } }
    expect(info.ok).toBe(true)
    expect(info.value.shell).toBe('harness')
    expect(info.value.demo).toMatchObject({ baseUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:/) })
    const bad = (await (await post('history:page', { address: 'x', chainId: 1 })).json()) as { ok: boolean; error: { kind: string; field: string } }
    expect(bad).toMatchObject({ ok: false, error: { kind: 'input', field: 'address' } })
  })

  it("refuses calls from another origin, calls without an Origin (Node's fetch, curl) and calls without this launch's key", async () => {
    const refusals: Record<string, string>[] = [
      { Origin: 'https://evil.example', 'X-Bridgescope-Key': harness.key },
      { 'X-Bridgescope-Key': harness.key },
      { Origin: harness.origin },
      { Origin: harness.origin, 'X-Bridgescope-Key': `${harness.key.slice(1)}x` },
      { Origin: harness.origin, 'X-Bridgescope-Key': '' }
    ]
    for (const headers of refusals) {
      const res = await post('settings:get', null, headers)
      expect([headers, res.status]).toEqual([headers, 403])
      expect(await res.json()).toMatchObject({ ok: false, error: { kind: 'input', message: expect.stringMatching(/^Refused: the (request|call) did not come from the app page/) } })
    }
    // the key is in the address the shell prints, and nowhere a request without it can read
    expect(new URL(harness.url).searchParams.get('key')).toBe(harness.key)
    expect(harness.key.length).toBeGreaterThanOrEqual(32)
    for (const path of ['/', '/__harness/bridge.js']) expect(await (await fetch(new URL(path, harness.origin))).text()).not.toContain(harness.key)
  })

  it("answers calls on the page's socket, each by its id, in the order they finish; pushes events there", async () => {
    const ws = await openSocket()
    const frames: { reply?: number; result?: { ok: boolean; value?: unknown; error?: { kind: string; field?: string } }; event?: string; payload?: { jobId?: string; done?: boolean } }[] = []
    ws.on('message', (data) => frames.push(JSON.parse(String(data)) as (typeof frames)[number]))
    const sample = (await (await fetch(new URL('/__sim/sample', (await harness.context.endpoints.demoUrls()).baseUrl))).json()) as {
      addresses: { address: string; chainId: number }[]
    }
    const { address, chainId } = sample.addresses[0] as { address: string; chainId: number }
    ws.send(JSON.stringify({ id: 7, channel: 'history:loadAll', input: { jobId: 'socket', address, chainId, pageSize: 20 } }))
    ws.send(JSON.stringify({ id: 8, channel: 'app:info', input: null }))
    ws.send(JSON.stringify({ id: 9, channel: 'history:page', input: { address: 'x', chainId: 1 } }))
    await until(() => frames.some((f) => f.reply === 7))
    // the quick calls did not wait behind the long load
    const order = frames.filter((f) => f.reply !== undefined).map((f) => f.reply)
    expect(order.indexOf(8)).toBeLessThan(order.indexOf(7))
    expect(frames.find((f) => f.reply === 8)?.result).toMatchObject({ ok: true, value: { shell: 'harness' } })
    expect(frames.find((f) => f.reply === 9)?.result).toMatchObject({ ok: false, error: { kind: 'input', field: 'address' } })
    expect(frames.find((f) => f.reply === 7)?.result).toMatchObject({ ok: true, value: { total: expect.any(Number) } })
    const progress = frames.filter((f) => f.event === 'history:progress')
    expect(progress.length).toBeGreaterThan(0)
    expect(progress.every((f) => f.payload?.jobId === 'socket')).toBe(true)
    expect(progress.at(-1)?.payload?.done).toBe(true)
    ws.close()
  })

  it('drops a socket that sends anything but a call, saying why; the harness goes on answering', async () => {
    for (const bad of ['not json', '[1,2]', '{"id":"1","channel":"app:info"}', '{"id":1}', '{"id":1.5,"channel":"app:info"}']) {
      const ws = await openSocket()
      const closed = new Promise<{ code: number; reason: string }>((ok) => ws.on('close', (code, reason) => ok({ code, reason: String(reason) })))
      ws.send(bad)
      expect(await closed).toEqual({ code: 1007, reason: expect.stringContaining('"channel"') })
    }
    // a frame past the size limit closes that socket (1009), and only that one
    const big = await openSocket()
    const bigClosed = new Promise<number>((ok) => big.on('close', (code) => ok(code)))
    big.on('error', () => undefined)
    big.send('x'.repeat(12 * 1024 * 1024 + 1))
    expect(await bigClosed).toBe(1009)
    const ws = await openSocket()
    const reply = new Promise<string>((ok) => ws.once('message', (d) => ok(String(d))))
    ws.send(JSON.stringify({ id: 1, channel: 'no:such', input: null }))
    expect(JSON.parse(await reply)).toMatchObject({ reply: 1, result: { ok: false, error: { kind: 'input', message: 'Unknown channel: no:such' } } })
    ws.close()
  })

  it('reads a call frame strictly: a safe-integer id and a channel text; null input is no input', () => {
    expect(parseCall('{"id":3,"channel":"app:info","input":null}')).toEqual({ id: 3, channel: 'app:info', input: undefined })
    expect(parseCall('{"id":3,"channel":"history:rows","input":{"offset":0}}')).toEqual({ id: 3, channel: 'history:rows', input: { offset: 0 } })
    for (const bad of ['', 'null', '3', '"x"', '[]', '{"id":3}', '{"channel":"a"}', '{"id":9007199254740993,"channel":"a"}', '{"id":3,"channel":4}']) expect(parseCall(bad)).toBeNull()
  })

  it('turns away a socket from another origin or to another path before the handshake', async () => {
    const refused = (origin: string, path = `${SOCKET_PATH}?key=${harness.key}`) =>
      new Promise<number>((ok, fail) => {
        const ws = new WebSocket(new URL(path, harness.origin.replace(/^http/, 'ws')), { origin })
        ws.on('unexpected-response', (_req, res) => ok(res.statusCode ?? 0))
        ws.on('open', () => fail(new Error(`a socket from ${origin} to ${path} was opened`)))
        ws.on('error', () => undefined)
      })
    expect(await refused('https://evil.example')).toBe(403)
    // the page's own origin, but not this launch's key
    expect(await refused(harness.origin, SOCKET_PATH)).toBe(403)
    expect(await refused(harness.origin, `${SOCKET_PATH}?key=${harness.key.slice(1)}x`)).toBe(403)
    expect(await refused(`http://evil.example:${new URL(harness.url).port}`)).toBe(403)
    expect(await refused(harness.origin, `/__harness/other?key=${harness.key}`)).toBe(404)
    // a plain request to the socket's address is told what it takes
    expect((await fetch(new URL(SOCKET_PATH, harness.url))).status).toBe(426)
  })
})

function openSocket(): Promise<WebSocket> {
  return new Promise((ok, fail) => {
    const ws = new WebSocket(new URL(`${SOCKET_PATH}?key=${harness.key}`, harness.origin.replace(/^http/, 'ws')), { origin: harness.origin })
    ws.once('open', () => ok(ws))
    ws.once('error', fail)
  })
}

async function until(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out')
    await new Promise((r) => setTimeout(r, 10))
  }
}

describe('closing the harness', () => {
  it('lets calls under way finish and their cache writes land before it returns: the data folder can go at once', async () => {
    for (let round = 0; round < 6; round++) {
      const dir = mkdtempSync(join(tmpdir(), 'bs-harness-close-'))
      const h = await startHarness({ dataDir: dir, rendererDir: 'out/renderer', demo: { transfers: 50, rotateEveryMs: null } })
      const calls = ['chains:list', 'tokens:list'].map((channel) =>
        fetch(new URL(`/__harness/ipc/${channel}`, h.url), { method: 'POST', headers: { 'Content-Type': 'application/json', ...own(h) }, body: '{"input":{"prefer":"network"}}' }).catch(() => null)
      )
      // close while the calls are anywhere between arriving and writing the cache
      await new Promise((r) => setTimeout(r, round * 3))
      await h.close()
      rmSync(dir, { recursive: true }) // no retries: nothing may still be creating files in it
      await Promise.all(calls)
      await new Promise((r) => setTimeout(r, 50))
      expect([round, existsSync(dir)]).toEqual([round, false])
    }
  })
})
