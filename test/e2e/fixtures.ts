// Each test gets its own harness (the built renderer + the real main-process handlers) with a fresh user-data
// folder and its own demo network, and fails on any console error the page logs.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { test as base, expect, type ConsoleMessage } from '@playwright/test'
import type { Harness, HarnessOptions } from '../../src/main/harness/server'

type HarnessModule = { startHarness: (o: HarnessOptions) => Promise<Harness> }

export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const mod = (await import(pathToFileURL(resolve('out/main/harness.js')).href)) as HarnessModule
  return mod.startHarness({ demo: { transfers: 2000, rotateEveryMs: null }, ...options })
}

export interface Fixtures {
  dataDir: string
  harness: Harness
  consoleErrors: string[]
}

// Chain and token icons point at an https host this sandbox cannot resolve; every page gets them answered
// locally, so an unreachable icon host does not count as a console error.
const PNG_1x1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNk+A8AAQUBAScY42YAAAAASUVORK5CYII=', 'base64')

export const test = base.extend<Fixtures>({
  page: async ({ page }, use) => {
    await page.route(/^https:\/\/.*\.(png|svg|jpe?g|webp)$/i, (route) => route.fulfill({ status: 200, contentType: 'image/png', body: PNG_1x1 }))
    await use(page)
  },
  // eslint-disable-next-line no-empty-pattern
  dataDir: async ({}, use) => {
    const dir = mkdtempSync(join(tmpdir(), 'bridgescope-e2e-'))
    await use(dir)
    rmSync(dir, { recursive: true, force: true })
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
