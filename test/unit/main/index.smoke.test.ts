// Loads the BUILT main bundle (out/main/index.js) with `electron` replaced by a recording stub, and checks
// what Electron would be asked to do: one hardened window, and exactly the contract's channels handled.
import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest'
import type { AlertDelivery, AlertsView } from '../../../src/shared/alerts'
import { CHANNELS } from '../../../src/shared/contract'
import type { Result } from '../../../src/shared/errors'
import type { ChainRecord } from '../../../src/shared/schemas/wire'
import { recorded } from './electron-stub'
import { startTestProxy } from './net/test-proxy'

vi.mock('electron', async () => await import('./electron-stub'))

/** Main calling Node's fetch itself, past Electron's network stack (net.fetch in the stub does not count). */
let directFetch: MockInstance<typeof fetch>

/** A channel called as the app's own page calls it. */
async function invoke<T>(channel: string, input: unknown): Promise<T> {
  const handler = recorded.handlers.get(channel)
  if (!handler) throw new Error(`no handler for ${channel}`)
  const result = (await handler({ senderFrame: { url: 'app://bridgescope/index.html', parent: null } }, input)) as Result<T>
  if (!result.ok) throw new Error(`${channel}: ${result.error.message}`)
  return result.value
}

describe('main bundle with a stubbed electron', () => {
  beforeAll(async () => {
    process.env.BRIDGESCOPE_DATA_DIR = mkdtempSync(join(tmpdir(), 'bridgescope-smoke-'))
    directFetch = vi.spyOn(globalThis, 'fetch')
    await import(pathToFileURL(resolve('out/main/index.js')).href)
    await vi.waitFor(() => expect(recorded.windows.length).toBeGreaterThan(0), { timeout: 120_000 })
  })

  it('opens exactly one window, isolated and sandboxed, with a preload file that exists', () => {
    expect(recorded.windows).toHaveLength(1)
    const prefs = recorded.windows[0]?.options.webPreferences as Record<string, unknown>
    expect(prefs.contextIsolation).toBe(true)
    expect(prefs.sandbox).toBe(true)
    expect(prefs.nodeIntegration).toBe(false)
    expect(prefs.webSecurity).not.toBe(false)
    expect(existsSync(prefs.preload as string)).toBe(true)
    // Served over the app's own protocol, never file:// (Electron security checklist 18).
    expect(recorded.windows[0]?.url).toBe('app://bridgescope/index.html')
  })

  it('serves the built renderer over app:// with the CSP header, and nothing outside it', async () => {
    expect(recorded.privilegedSchemes).toEqual(['app'])
    const handler = recorded.protocolHandlers.get('app')
    expect(handler).toBeDefined()
    const index = await handler?.({ url: 'app://bridgescope/index.html' })
    expect(index?.status).toBe(200)
    expect(index?.headers.get('content-security-policy')).toContain("default-src 'self'")
    expect(await index?.text()).toBe(readFileSync(resolve('out/renderer/index.html'), 'utf8'))
    expect((await handler?.({ url: 'app://bridgescope/../../package.json' }))?.status).toBe(404)
    expect((await handler?.({ url: 'app://bridgescope/%2e%2e/%2e%2e/package.json' }))?.status).toBe(404)
  })

  it('registers every contract channel with ipcMain.handle, and nothing else', () => {
    expect([...recorded.handled].sort()).toEqual([...CHANNELS].sort())
    expect(new Set(recorded.handled).size).toBe(recorded.handled.length)
  })

  it('shows a tray icon for background watching (on by default) with the watch state in its tooltip', async () => {
    expect(recorded.trays).toHaveLength(1)
    await vi.waitFor(() => expect(recorded.trays[0]?.tooltip).toMatch(/^Bridgescope — watching, vault epoch \d+/), { timeout: 120_000 })
  })

  it("sends the service's, the node's and webhook requests through Electron's network stack; a service-named icon through Node, pinned where direct, through undici where proxied", async () => {
    const fetched = (test: (url: string) => boolean): number => recorded.netFetches.filter((f) => test(f.url)).length
    // the demo network's service (the watcher has polled the node already: the tray shows its epoch)
    const chains = await invoke<{ data: ChainRecord[] }>('chains:list', { prefer: 'network' })
    expect(fetched((u) => u.endsWith('/api/queryChainList'))).toBeGreaterThan(0)
    // one hop at a time (Electron's net.request), so that a redirect is followed under the address policy
    expect(recorded.netRequests.filter((u) => u.endsWith('/api/queryChainList')).length).toBe(fetched((u) => u.endsWith('/api/queryChainList')))
    await vi.waitFor(() => expect(fetched((u) => u.endsWith('/rpc'))).toBeGreaterThan(0), { timeout: 120_000 })
    // a chain icon on the demo origin, asked for over app:// as the page does: a URL the service named, which the
    // session would reach directly, so Node asks it with its connection's lookup held to the address policy
    const icon = chains.data[0]?.chainImg ?? ''
    const served = await recorded.protocolHandlers.get('app')?.({ url: `app://bridgescope/__icon?src=${encodeURIComponent(icon)}` })
    expect(served?.status).toBe(200)
    expect(recorded.proxyAsked).toContain(icon)
    expect(fetched((u) => u === icon)).toBe(0)
    const nodeFetched = (): string[] => directFetch.mock.calls.map(([input]) => (typeof input === 'string' ? input : input instanceof URL ? input.href : input.url))
    expect(nodeFetched()).toEqual([icon])
    // another, where the session names a proxy for it: Node speaks to that proxy too, never Chromium
    const proxy = await startTestProxy()
    recorded.proxyFor = () => `PROXY 127.0.0.1:${proxy.port}; DIRECT`
    const proxied = chains.data.map((c) => c.chainImg).find((i) => i !== icon) ?? ''
    const viaProxy = await recorded.protocolHandlers.get('app')?.({ url: `app://bridgescope/__icon?src=${encodeURIComponent(proxied)}` })
    recorded.proxyFor = () => 'DIRECT'
    await proxy.close()
    expect(viaProxy?.status).toBe(200)
    expect(proxy.seen.map((s) => s.target)).toEqual([proxied])
    expect(fetched((u) => u === proxied)).toBe(0)
    expect(nodeFetched()).toEqual([icon, proxied])
    // Settings → Alerts → Send test alert, to a receiver on this machine
    const posts: string[] = []
    const receiver = createServer((req, res) => {
      posts.push(req.method ?? '')
      req.resume().on('end', () => res.writeHead(204).end())
    })
    await new Promise<void>((ok) => receiver.listen(0, '127.0.0.1', ok))
    try {
      const hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook/tok3n123`
      const view = await invoke<AlertsView>('alerts:save', { label: 'smoke', format: 'json', enabled: false, url: hook })
      const delivery = await invoke<AlertDelivery>('alerts:test', { id: view.sinks[0]?.id })
      expect(delivery).toMatchObject({ ok: true })
      expect(posts).toEqual(['POST'])
      expect(recorded.netFetches.filter((f) => f.url === hook)).toEqual([{ url: hook, method: 'POST' }])
    } finally {
      receiver.close()
    }
    expect(nodeFetched()).toEqual([icon, proxied])
  })

  it('denies permissions and window.open from the start', () => {
    expect(recorded.permissionHandlers).toBe(3)
    expect(recorded.windowOpenHandlers).toBeGreaterThan(0)
  })
})
