// Chromium (Debian's, as the e2e tests use it) driven by playwright-core, against the browser harness built
// in out/: the real renderer bundle talking to the real main-process handler table.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { chromium, type Browser, type BrowserContext } from 'playwright-core'
import { chromiumArgs, chromiumPath } from '../../playwright.config'
import type { Harness, HarnessOptions } from '../../src/main/harness/server'

const PNG_1x1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNk+A8AAQUBAScY42YAAAAASUVORK5CYII=', 'base64')

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
    // Remote icons (chain and token images) would try the closed network: answer them with a tiny image the
    // browser may cache, as a real icon host's would be; an uncacheable answer made every row that scrolls
    // into view fetch its icons again through the route handler, which no user's machine does.
    await context.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) =>
      route.fulfill({ status: 200, contentType: 'image/png', headers: { 'Cache-Control': 'public, max-age=86400' }, body: PNG_1x1 })
    )
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
