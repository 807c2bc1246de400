// Hostile content from the service is shown as text, never executed or followed. The app is pointed at a
// proxy that turns every name, symbol and URL into HTML, <script>, event handlers, javascript: and data: URLs.
// To cover a view that renders remote data, add it to VIEWS with the hostile strings it shows.
import type { Page } from '@playwright/test'
import { test, expect } from './fixtures'
import { HOSTILE, PAYLOAD_FLAG, startHostileServer } from './hostile-server'

interface ViewCase {
  name: string
  /** hash route, with params */
  hash: string
  /** hostile strings this view shows (as text) once it renders data */
  shows: string[]
}

const VIEWS: ViewCase[] = [
  { name: 'Tokens', hash: '#/tokens', shows: [] },
  { name: 'Chains', hash: '#/chains', shows: [] },
  { name: 'Transfers', hash: '#/transfers', shows: [] },
  { name: 'Transfer', hash: '#/transfer', shows: [] },
  { name: 'Overview', hash: '#/overview', shows: [] },
  { name: 'Vault', hash: '#/vault', shows: [] }
]

// The few DOM shapes the page-side probes use (the node tsconfig has no DOM library, on purpose).
interface ProbeElement {
  getAttribute(name: string): string | null
  attributes: ArrayLike<{ name: string }>
}
interface ProbeDocument {
  querySelectorAll(selector: string): ArrayLike<ProbeElement>
  scripts: ArrayLike<{ src: string }>
  addEventListener(type: string, listener: (e: { violatedDirective: string }) => void): void
  createElement(tag: string): { innerHTML: string; remove(): void }
  body: { append(node: unknown): void }
}

async function inertness(page: Page) {
  return page.evaluate((flag) => {
    const g = globalThis as unknown as { document: ProbeDocument; location: { origin: string } } & Record<string, unknown>
    const all = Array.from(g.document.querySelectorAll('*'))
    const attrs = ['href', 'src', 'action', 'formaction', 'xlink:href', 'srcdoc']
    const dangerous = all.flatMap((el) =>
      attrs.map((a) => el.getAttribute(a)).filter((v): v is string => v !== null && /^\s*(javascript|data|vbscript):/i.test(v))
    )
    const handlers = all.flatMap((el) => Array.from(el.attributes).filter((a) => /^on/i.test(a.name)).map((a) => a.name))
    const scripts = Array.from(g.document.scripts)
    return {
      flag: g[flag],
      dangerous,
      handlers,
      frames: g.document.querySelectorAll('iframe, object, embed, frame').length,
      inlineScripts: scripts.filter((s) => !s.src).length,
      foreignScripts: scripts.filter((s) => s.src && new URL(s.src).origin !== g.location.origin).length
    }
  }, PAYLOAD_FLAG)
}

test('names, symbols and URLs full of HTML, scripts and javascript: stay text on every view', async ({ page, harness, consoleErrors }) => {
  const demo = await harness.context.endpoints.demoUrls()
  const hostile = await startHostileServer(demo.baseUrl)
  try {
    const saved = harness.context.settings.saveProfile({ name: 'Hostile', baseUrl: hostile.baseUrl, rpcUrls: [hostile.rpcUrl], timeoutMs: 5000 })
    const id = saved.profiles.find((p) => p.name === 'Hostile')?.id ?? ''
    harness.context.settings.activate(id)

    const dialogs: string[] = []
    page.on('dialog', (d) => {
      dialogs.push(d.message())
      void d.dismiss()
    })
    const navigations: string[] = []
    page.on('framenavigated', (f) => navigations.push(f.url()))
    const origin = new URL(harness.url).origin

    await page.goto(harness.url)
    await expect(page.getByTestId('profile-name')).toContainText('Hostile')

    // The hostile strings do reach the renderer: the service's data, as the views receive it.
    const data = await page.evaluate(async () => {
      const api = (globalThis as unknown as { bridgescope: Record<string, (i?: unknown) => Promise<{ ok: boolean; value?: { data: unknown } }>> }).bridgescope
      const chains = await api.chainsList?.({ prefer: 'network' })
      const tokens = await api.tokensList?.({ prefer: 'network' })
      return JSON.stringify([chains, tokens])
    })
    expect(data).toContain(HOSTILE.chainName)
    expect(data).toContain(HOSTILE.scanUrl)
    expect(data).toContain(JSON.stringify(HOSTILE.name).slice(1, -1))

    for (const view of VIEWS) {
      await page.goto(`${harness.url}${view.hash}`)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(view.name)
      // Give data-driven views time to fetch and render.
      await page.waitForLoadState('networkidle')
      for (const text of view.shows) await expect(page.getByText(text, { exact: false }).first()).toBeVisible()
      const state = await inertness(page)
      expect(state, view.name).toEqual({ flag: undefined, dangerous: [], handlers: [], frames: 0, inlineScripts: 0, foreignScripts: 0 })
      // hovering and clicking what is there triggers nothing either
      for (const link of await page.locator('main a').all()) await link.hover().catch(() => undefined)
    }
    expect(dialogs).toEqual([])
    expect(navigations.every((u) => new URL(u).origin === origin), navigations.join('\n')).toBe(true)
    expect(consoleErrors.filter((e) => !/Content Security Policy|Failed to load resource/.test(e))).toEqual([])
  } finally {
    await hostile.close()
  }
})

test('defence in depth: even raw HTML from the service could not run script under the CSP', async ({ page, harness }) => {
  await page.goto(harness.url)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  const violations = await page.evaluate(async (payloads) => {
    const doc = (globalThis as unknown as { document: ProbeDocument }).document
    const seen: string[] = []
    doc.addEventListener('securitypolicyviolation', (e) => seen.push(e.violatedDirective))
    const box = doc.createElement('div')
    // What a careless {@html} would do; the app never does this (lint rule and source scan).
    box.innerHTML = payloads.join('')
    doc.body.append(box)
    // the violations are reported as the browser gets to them: wait for the first, however long that takes
    while (seen.length === 0) await new Promise((r) => setTimeout(r, 50))
    await new Promise((r) => setTimeout(r, 100))
    box.remove()
    return seen
  }, Object.values(HOSTILE))
  expect(await page.evaluate((flag) => (globalThis as unknown as Record<string, unknown>)[flag], PAYLOAD_FLAG)).toBeUndefined()
  expect(violations.length).toBeGreaterThan(0)
  expect(violations.every((d) => /script-src|img-src|frame-src|default-src|child-src/.test(d))).toBe(true)
})
