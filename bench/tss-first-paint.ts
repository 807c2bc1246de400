// tss_view_first_paint_ms: a new page opening the Cross-chain view with a board cached: navigation start →
// the frame that paints the first chain row. The demo network is held back (every answer 5 s late) so the
// row can only have come from the cache, as when the TSS API is slow or away.
import type { Page } from 'playwright-core'
import { openSession } from './lib/browser'
import { median } from './lib/stats'
import type { Bench } from './lib/suite'

const PAINTED = 'bench:tss-painted '

/** Runs before the app's scripts (as startup.ts's probe, for the same reason: no Playwright script meanwhile). */
const PAINT_PROBE = `(() => {
  let inserted = false;
  const obs = new MutationObserver(() => {
    if (inserted || !document.querySelector('[data-testid="tss-chain"]')) return;
    inserted = true;
    obs.disconnect();
    requestAnimationFrame(() => console.debug(${JSON.stringify(PAINTED)} + performance.now()));
  });
  obs.observe(document, { childList: true, subtree: true });
})();`

function painted(page: Page, timeoutMs: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no chain row painted within ${timeoutMs / 1000} s`)), timeoutMs)
    page.on('console', (m) => {
      const text = m.text()
      if (!text.startsWith(PAINTED)) return
      clearTimeout(timer)
      resolve(Number(text.slice(PAINTED.length)))
    })
  })
}

export const tssFirstPaintBench: Bench = {
  figures: [{ name: 'tss_view_first_paint_ms', unit: 'ms', budget: { op: '<=', target: 200 } }],
  async run(ctx) {
    const session = await openSession(ctx.root, { demo: { transfers: 2000, rotateEveryMs: null } }, PAINT_PROBE)
    try {
      const url = `${session.harness.url}#/crosschain`
      const first = await session.context.newPage()
      await first.goto(url)
      await first.locator('[data-testid="tss-chain"]').first().waitFor({ timeout: 60_000 })
      await first.close()
      const { baseUrl } = await session.harness.context.endpoints.demoUrls()
      const fault = async (spec: unknown): Promise<void> => {
        await fetch(`${baseUrl}/__sim/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ op: '*', spec }) })
      }
      await fault({ latencyMs: 5000 })
      const warmup = ctx.tiny ? 1 : 2
      const runs = ctx.tiny ? 2 : 7
      const times: number[] = []
      for (let i = 0; i < warmup + runs; i++) {
        const page = await session.context.newPage()
        const at = painted(page, 30_000)
        await page.goto(url)
        const t = await at
        if (i >= warmup) times.push(t)
        await page.close()
      }
      await fault(null)
      return {
        tss_view_first_paint_ms: {
          value: median(times),
          runs: times,
          detail: `Cross-chain view, new page per run, 11 chains on the cached board, every demo-network answer held 5 s; navigation start → rAF after the first chain row is inserted (reported on the console); ${warmup} warm-up, ${runs} runs; runs ${Math.min(...times).toFixed(0)}–${Math.max(...times).toFixed(0)} ms`
        }
      }
    } finally {
      await session.close()
    }
  }
}
