// Chromium (Debian's, as the e2e tests use it) driven by playwright-core, against the browser harness built
// in out/: the real renderer bundle talking to the real main-process handler table.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { chromium, type Browser, type BrowserContext } from 'playwright-core'
import { chromiumArgs, chromiumPath } from '../../playwright.config'
import type { Harness, HarnessOptions } from '../../test/support/harness'

/** Chromium resolves every host name but the loopback's to nothing. */
const LOOPBACK_ONLY = '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost'
const OWN_URL = /^(?:https?:\/\/(?:127\.0\.0\.1|localhost)[:/]|data:|blob:|about:)/

export interface Session {
  harness: Harness
  browser: Browser
  context: BrowserContext
  close(): Promise<void>
}

export async function openSession(root: string, options: HarnessOptions, initScript: string): Promise<Session> {
  const mod = (await import(pathToFileURL(join(root, 'out', 'node', 'harness.js')).href)) as {
    startHarness: (o: HarnessOptions) => Promise<Harness>
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'bridgescope-bench-'))
  const harness = await mod.startHarness({ dataDir, ...options })
  let browser: Browser | null = null
  try {
    // Any host but the loopback fails at once, without a DNS query on the closed network. (The page asks for
    // no remote address itself: icons come through the app's icon service on 127.0.0.1.)
    browser = await chromium.launch({ executablePath: chromiumPath, args: [...chromiumArgs, LOOPBACK_ONLY], headless: true })
    const context = await browser.newContext({ viewport: { width: 1280, height: 820 } })
    // Watched, not routed: a Playwright route turns on request interception, which sends every request of the
    // page through this process and switches the browser's cache off: each page load fetched and compiled
    // every chunk again and each harness call took a detour, which a user's machine never does.
    const strays: string[] = []
    context.on('request', (request) => {
      if (!OWN_URL.test(request.url())) strays.push(request.url())
    })
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
        if (strays.length > 0) throw new Error(`the page asked for addresses other than the harness: ${[...new Set(strays)].slice(0, 5).join(', ')}`)
      }
    }
  } catch (error) {
    await browser?.close()
    await harness.close()
    rmSync(dataDir, { recursive: true, force: true })
    throw error
  }
}
