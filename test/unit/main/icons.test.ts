// Icons are fetched by main, never by the renderer, so a hostile icon URL cannot knock on local services:
// https or the demo simulator's own origin only, images only, size-capped, no redirects, cached for offline
// use, and served on the app's own origin (app:// here; the harness route is covered by
// test/e2e/icons.spec.ts).
import { mkdtempSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { appProtocolResponse, handleAppProtocol } from '../../../src/main/app-protocol'
import { ICON_MAX_BYTES, createIconService, isIconSourceAllowed } from '../../../src/main/icons'
import { DiskCache } from '../../../src/main/store/cache'

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNk+A8AAQUBAScY42YAAAAASUVORK5CYII=', 'base64')

// A loopback server standing in for both the demo simulator (allowed) and "a local service" (refused).
let server: Server
let origin: string
const hits: string[] = []
/** sockets of the never-ending answers the server saw closed: the client let go of them */
let letGo = 0
beforeAll(async () => {
  server = createServer((req, res) => {
    hits.push(req.url ?? '')
    if (req.url === '/icon.png') res.writeHead(200, { 'Content-Type': 'image/png' }).end(PNG)
    else if (req.url === '/page.html') res.writeHead(200, { 'Content-Type': 'text/html' }).end('<script>alert(1)</script>')
    else if (req.url === '/huge.png') res.writeHead(200, { 'Content-Type': 'image/png' }).end(Buffer.alloc(ICON_MAX_BYTES + 1))
    else if (req.url === '/redirect.png') res.writeHead(302, { Location: 'http://127.0.0.1:1/x.png' }).end()
    else if (req.url === '/silent.png') req.socket.on('close', () => letGo++)
    else if (req.url === '/drip.png') {
      res.writeHead(200, { 'Content-Type': 'image/png' })
      const drip = setInterval(() => res.write(PNG.subarray(0, 1)), 100)
      req.socket.on('close', () => (clearInterval(drip), letGo++))
    }
    else res.writeHead(404).end()
  })
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))
  const a = server.address()
  origin = `http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}`
})
afterAll(() => new Promise<void>((ok) => server.close(() => ok())))

async function service(demo: () => string | null = () => origin, timeoutMs?: number) {
  const cache = await DiskCache.open(mkdtempSync(join(tmpdir(), 'bs-icons-')), 10 * 1024 * 1024, Date.now)
  return createIconService({ cache, now: Date.now, demoOrigin: demo, ...(timeoutMs ? { timeoutMs } : {}) })
}
const ask = (src: string) => `app://bridgescope/__icon?src=${encodeURIComponent(src)}`

describe('main-side icons', () => {
  it('the source rule: https anywhere, http only at the demo simulator origin, nothing with credentials', () => {
    const demo = 'http://127.0.0.1:4000'
    const table: [string, string | null, boolean][] = [
      ['https://files.example/a.png', demo, true],
      ['http://127.0.0.1:4000/icons/eth.png', demo, true],
      ['http://127.0.0.1:4001/icons/eth.png', demo, false],
      ['http://127.0.0.1:4000/icons/eth.png', null, false],
      ['http://localhost:4000/icons/eth.png', demo, false],
      ['http://[::1]:631/', demo, false],
      ['http://files.example/a.png', demo, false],
      ['https://user:pw@files.example/a.png', demo, false],
      ['file:///etc/passwd', demo, false],
      ['data:image/png;base64,AA==', demo, false],
      ['not a url', demo, false]
    ]
    for (const [src, d, ok] of table) expect([src, d, isIconSourceAllowed(src, d)]).toEqual([src, d, ok])
  })

  it('a demo icon is fetched once, served as an image with nosniff and a sandboxing CSP, then from the cache', async () => {
    const icons = await service()
    hits.length = 0
    const first = await icons.respond(ask(`${origin}/icon.png`))
    expect(first.status).toBe(200)
    expect(first.headers.get('content-type')).toBe('image/png')
    expect(first.headers.get('x-content-type-options')).toBe('nosniff')
    expect(first.headers.get('content-security-policy')).toContain('sandbox')
    expect(Buffer.from(await first.arrayBuffer())).toEqual(PNG)
    const again = await icons.respond(ask(`${origin}/icon.png`))
    expect(Buffer.from(await again.arrayBuffer())).toEqual(PNG)
    expect(hits).toEqual(['/icon.png'])
  })

  it('a local service on another port is never contacted', async () => {
    const icons = await service(() => 'http://127.0.0.1:1')
    hits.length = 0
    expect((await icons.respond(ask(`${origin}/icon.png`))).status).toBe(403)
    expect(hits).toEqual([])
  })

  it('non-images, bodies over the cap and redirects are refused', async () => {
    const icons = await service()
    for (const path of ['/page.html', '/huge.png', '/redirect.png', '/missing.png']) {
      const res = await icons.respond(ask(`${origin}${path}`))
      expect([path, res.status]).toEqual([path, 404])
    }
  })

  it('an icon source that never answers, or drips, is given up at the limit with GC forced; the next icon still loads', async () => {
    setFlagsFromString('--expose-gc')
    const gc = runInNewContext('gc') as () => void
    const collector = setInterval(() => gc(), 20)
    try {
      const icons = await service(() => origin, 400)
      letGo = 0
      for (const path of ['/silent.png', '/drip.png']) {
        const started = Date.now()
        const res = await icons.respond(ask(`${origin}${path}`))
        expect([path, res.status]).toEqual([path, 404])
        // a backstop only, ten times the 0.4 s limit: neither source ever finishes on its own
        expect(Date.now() - started).toBeLessThan(10 * 400)
      }
      expect((await icons.respond(ask(`${origin}/icon.png`))).status).toBe(200)
      // Given up means let go: the client closed both connections rather than leaving them open.
      await vi.waitFor(() => expect(letGo).toBe(2), { timeout: 120_000 })
    } finally {
      clearInterval(collector)
    }
  })

  it('app:// answers the icon route with the icon service and everything else from the renderer folder', async () => {
    const icons = await service()
    let handler: ((request: Request) => Promise<Response>) | undefined
    handleAppProtocol({ handle: (_scheme: string, h: (request: Request) => Promise<Response>) => (handler = h) } as never, 'out/renderer', () => icons)
    const res = await (handler as (r: Request) => Promise<Response>)(new Request(ask(`${origin}/icon.png`)))
    expect(res.headers.get('content-type')).toBe('image/png')
    // Not the icon route: the page itself, as before.
    const page = await (handler as (r: Request) => Promise<Response>)(new Request('app://bridgescope/index.html'))
    expect(page.status).toBe((await appProtocolResponse('app://bridgescope/index.html', 'out/renderer')).status)
    // Another host's icon path is not ours.
    const other = await (handler as (r: Request) => Promise<Response>)(new Request(`app://evil/__icon?src=${encodeURIComponent(`${origin}/icon.png`)}`))
    expect(other.status).toBe(404)
  })
})
