// cached_startup_ms: a cold page load of the Tokens view while the profile's endpoint is down: navigation
// start → the frame that paints the first token row, from the cached copy. The endpoint is a simulator the
// profile points at, closed after one load (connection refused, as when offline).
import { startSimulator } from '../test/support/simulator'
import { openSession } from './lib/browser'
import { median } from './lib/stats'
import type { Page } from 'playwright-core'
import type { Bench } from './lib/suite'

const PAINTED = 'bench:startup-painted '

/**
 * Runs before the app's scripts: the first token row's insertion, then the frame that paints it, told on the
 * console. Not read with waitForFunction: that injects Playwright's own script into the page (16-20 ms of
 * parsing on its main thread in a trace) as soon as the load event has fired, which the app's start-up now
 * reaches before its first row — the measurement would count Playwright's start-up, not the app's.
 */
const PAINT_PROBE = `(() => {
  const probe = { inserted: null, painted: null };
  Object.defineProperty(window, '__benchStartup', { value: probe });
  const seen = () => document.querySelector('[data-testid="token-row"]');
  const obs = new MutationObserver(() => {
    if (probe.inserted !== null || !seen()) return;
    probe.inserted = performance.now();
    obs.disconnect();
    requestAnimationFrame(() => {
      probe.painted = performance.now();
      console.debug(${JSON.stringify(PAINTED)} + probe.painted);
    });
  });
  obs.observe(document, { childList: true, subtree: true });
})();`

/** The painted time the probe reports on the page's console. */
function painted(page: Page, timeoutMs: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no token row painted within ${timeoutMs / 1000} s`)), timeoutMs)
    page.on('console', (m) => {
      const text = m.text()
      if (!text.startsWith(PAINTED)) return
      clearTimeout(timer)
      resolve(Number(text.slice(PAINTED.length)))
    })
  })
}

export const startupBench: Bench = {
  figures: [{ name: 'cached_startup_ms', unit: 'ms', budget: { op: '<=', target: 200 } }],
  async run(ctx) {
    const sim = await startSimulator({ seed: 1, transfers: 2000, rotateEveryMs: null })
    const session = await openSession(ctx.root, { demo: { transfers: 2000, rotateEveryMs: null } }, PAINT_PROBE)
    let simOpen = true
    try {
      const settings = session.harness.context.settings
      const saved = settings.saveProfile({ name: 'Bench endpoint', baseUrl: sim.baseUrl, rpcUrls: [sim.rpcUrl], timeoutMs: 15_000, maxPageSize: 100 })
      const profile = saved.profiles.find((p) => p.name === 'Bench endpoint')
      if (!profile) throw new Error('the bench profile was not saved')
      settings.activate(profile.id)
      const url = `${session.harness.url}#/tokens`
      // Online once: the token and chain lists reach the cache.
      const first = await session.context.newPage()
      await first.goto(url)
      await first.getByTestId('token-row').first().waitFor({ timeout: 60_000 })
      await first.close()
      await sim.close()
      simOpen = false

      const warmup = ctx.tiny ? 1 : 2
      const runs = ctx.tiny ? 2 : 7
      const times: number[] = []
      let banner = ''
      for (let i = 0; i < warmup + runs; i++) {
        const page = await session.context.newPage()
        const at = painted(page, 30_000)
        await page.goto(url)
        const t = await at
        if (i >= warmup) times.push(t)
        if (i === warmup + runs - 1) banner = (await page.locator('.banner').first().textContent({ timeout: 2000 }).catch(() => '')) ?? ''
        await page.close()
      }
      return {
        cached_startup_ms: {
          value: median(times),
          runs: times,
          detail: `Tokens view, new page per run, endpoint refusing connections; navigation start → rAF after the first token row is inserted (reported on the console, no Playwright script in the page meanwhile); ${warmup} warm-up, ${runs} runs; runs ${Math.min(...times).toFixed(0)}–${Math.max(...times).toFixed(0)} ms${banner ? `; banner: "${banner.trim().replace(/\s+/g, ' ').slice(0, 100)}"` : ''}`
        }
      }
    } finally {
      await session.close()
      if (simOpen) await sim.close()
    }
  }
}
