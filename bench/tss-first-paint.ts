// tss_view_first_paint_vs_minimal: a new page opening the Cross-chain view with a board cached: navigation start
// → the frame that paints the first chain row, ÷ the same for a minimal Svelte page (bench/reference) that asks
// for as many rows and draws them, run by run. The demo network is held back (every answer 5 s late) so the row can only have come from the cache, as when
// the TSS API is slow or away.
import { openSession } from './lib/browser'
import { paintCounts, paintProbe, paintsBesideReference } from './lib/first-paint'
import { spreadOf } from './lib/judge'
import { againstReference, type Bench } from './lib/suite'

const PAINTED = 'bench:tss-painted '
const PAINT_PROBE = paintProbe(PAINTED, '[data-testid="tss-chain"]')
/** chosen from quiet runs: see docs/performance.md */
const TSS_PAINT_BUDGET = 3.4

export const tssFirstPaintBench: Bench = {
  figures: [{ name: 'tss_view_first_paint_vs_minimal', unit: 'x', budget: { op: '<=', target: TSS_PAINT_BUDGET }, rooms: ['renderer', 'tss', 'web'], maxReferenceSpread: 0.35 }],
  referencePage: true,
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
      const counts = paintCounts(ctx)
      const { warmup, runs, tries } = counts
      const { app, reference, rows } = await paintsBesideReference(ctx.root, session.context, url, PAINTED, 'tss-chain', counts)
      await fault(null)
      const a = spreadOf(app)
      const r = spreadOf(reference)
      return {
        tss_view_first_paint_vs_minimal: againstReference(
          { runs: app, unit: 'ms', what: 'Cross-chain view from the cache' },
          { runs: reference, unit: 'ms', what: `minimal Svelte page of ${rows} rows` },
          `Cross-chain view, new page per run, 11 chains on the cached board, every demo-network answer held 5 s; navigation start → rAF after the first chain row is inserted (reported on the console) ÷ the same for the minimal Svelte page (its script asks for the ${rows} rows the view painted over the loopback and draws them), interleaved; ${warmup} warm-up, ${runs} runs, each the least of ${tries} tries a page; app ${a.median.toFixed(0)} ms (${a.min.toFixed(0)}–${a.max.toFixed(0)}), minimal page ${r.median.toFixed(0)} ms (${r.min.toFixed(0)}–${r.max.toFixed(0)})`
        )
      }
    } finally {
      await session.close()
    }
  }
}
