// The browser harness's transport: same handler table over HTTP, push events over SSE, and calls from any
// origin but its own page refused.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startHarness, type Harness } from '../../../../src/main/harness/server'

let harness: Harness

beforeAll(async () => {
  harness = await startHarness({ dataDir: mkdtempSync(join(tmpdir(), 'bs-harness-')), rendererDir: 'out/renderer', demo: { transfers: 300, rotateEveryMs: null } })
})
afterAll(() => harness.close())

const post = (channel: string, input: unknown, headers: Record<string, string> = {}) =>
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

  it('answers calls through the real handler table, with typed input errors', async () => {
    const info = (await (await post('app:info', null, { Origin: harness.url.replace(/\/$/, '') })).json()) as { ok: boolean; value: { shell: string; demo: unknown } }
    expect(info.ok).toBe(true)
    expect(info.value.shell).toBe('harness')
    expect(info.value.demo).toMatchObject({ baseUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:/) })
    const bad = (await (await post('history:page', { address: 'x', chainId: 1 })).json()) as { ok: boolean; error: { kind: string; field: string } }
    expect(bad).toMatchObject({ ok: false, error: { kind: 'input', field: 'address' } })
  })

  it('refuses calls from another origin', async () => {
    const res = await post('cache:clear', null, { Origin: 'https://evil.example' })
    expect(res.status).toBe(403)
  })

  it('streams push events to the page', async () => {
    const controller = new AbortController()
    const res = await fetch(new URL('/__harness/events', harness.url), { signal: controller.signal })
    const reader = (res.body as ReadableStream<Uint8Array>).getReader()
    const sample = (await (await fetch(new URL('/__sim/sample', (await harness.context.endpoints.demoUrls()).baseUrl))).json()) as {
      addresses: { address: string; chainId: number }[]
    }
    const { address, chainId } = sample.addresses[0] as { address: string; chainId: number }
    const loading = post('history:loadAll', { jobId: 'sse', address, chainId, pageSize: 20 })
    let text = ''
    while (!text.includes('"done":true')) {
      const { value, done } = await reader.read()
      if (done) break
      text += new TextDecoder().decode(value)
    }
    controller.abort()
    await loading
    expect(text).toContain('"event":"history:progress"')
    expect(text).toContain('"jobId":"sse"')
  })
})
