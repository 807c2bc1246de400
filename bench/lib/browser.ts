// Chromium (Debian's, as the e2e tests use it) driven by playwright-core, against the browser harness built
// in out/: the real renderer bundle talking to the real main-process handler table.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { chromium, type Browser, type BrowserContext } from 'playwright-core'
import { chromiumArgs, chromiumPath } from '../../playwright.config'
import type { Harness, HarnessOptions } from '../../src/main/harness/server'

export interface Session {
  harness: Harness
  browser: Browser
  context: BrowserContext
  close(): Promise<void>
}

export async function openSession(root: string, options: HarnessOptions, initScript: string): Promise<Session> {
  const mod = (await import(pathToFileURL(join(root, 'out', 'main', 'harness.js')).href)) as {
    startHarness: (o: HarnessOptions) => Promise<Harness>
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'bridgescope-bench-'))
  const harness = await mod.startHarness({ dataDir, ...options })
  let browser: Browser | null = null
  try {
    browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs, headless: true })
    const context = await browser.newContext({ viewport: { width: 1280, height: 820 } })
    // Remote icons (chain and token images) would try the closed network: answer them empty.
    await context.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.fulfill({ status: 204, body: '' }))
    await context.addInitScript(initScript)
    const b = browser
    return {
      harness,
      browser,
      context,
      close: async () => {
        await b.close()
        await harness.close()
        rmSync(dataDir, { recursive: true, force: true })
      }
    }
  } catch (error) {
    await browser?.close()
    await harness.close()
    rmSync(dataDir, { recursive: true, force: true })
    throw error
  }
}
