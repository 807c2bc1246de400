// Each test gets its own harness (the built renderer + the real main-process handlers) with a fresh user-data
// folder and its own demo network, and fails on any console error the page logs.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { test as base, expect, type ConsoleMessage } from '@playwright/test'
import type { Harness, HarnessOptions } from '../support/harness'

type HarnessModule = { startHarness: (o: HarnessOptions) => Promise<Harness> }

// Chain and token icons point at an https host this sandbox cannot resolve. Main fetches icons (the page
// never does, so it cannot reach local services), so main's fetch answers those hosts with a 1×1 PNG;
// everything else goes to the network.
const PNG_1x1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNk+A8AAQUBAScY42YAAAAASUVORK5CYII=', 'base64')
export const iconFetch: typeof fetch = async (input, init) => {
  const url = new URL(input instanceof Request ? input.url : String(input))
  if (url.protocol === 'https:' && /\.(png|svg|jpe?g|webp)$/i.test(url.pathname)) {
    return new Response(new Uint8Array(PNG_1x1), { status: 200, headers: { 'Content-Type': 'image/png' } })
  }
  return fetch(input, init)
}

export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const mod = (await import(pathToFileURL(resolve('out/node/harness.js')).href)) as HarnessModule
  return mod.startHarness({ demo: { transfers: 2000, rotateEveryMs: null }, fetch: iconFetch, ...options })
}

export interface Fixtures {
  dataDir: string
  harness: Harness
  consoleErrors: string[]
}

export const test = base.extend<Fixtures>({
  // eslint-disable-next-line no-empty-pattern
  dataDir: async ({}, use) => {
    const dir = mkdtempSync(join(tmpdir(), 'bridgescope-e2e-'))
    await use(dir)
    // harness.close() has let calls under way finish and the cache's writes land, so nothing is still being
    // created in the folder (a CI run once failed here with ENOTEMPTY before it did)
    rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 })
  },
  harness: async ({ dataDir }, use) => {
    const harness = await startHarness({ dataDir })
    await use(harness)
    await harness.close()
  },
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = []
    page.on('console', (m: ConsoleMessage) => {
      if (m.type() === 'error') errors.push(m.text())
    })
    page.on('pageerror', (e) => errors.push(e.message))
    await use(errors)
  }
})

export { expect }
