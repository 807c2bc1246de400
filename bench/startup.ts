// cached_startup_vs_minimal: a cold page load of the Tokens view while the profile's endpoint is down: navigation
// start → the frame that paints the first token row, from the cached copy, ÷ the same for a minimal Svelte page
// (bench/reference) that asks for as many rows and draws them, in the same browser, run by run. The endpoint is
// a simulator the profile points at, closed after one load (connection refused, as when offline).
import { startSimulator } from '../test/support/simulator'
import { openSession } from './lib/browser'
import { paintCounts, paintProbe, paintsBesideReference } from './lib/first-paint'
import { spreadOf } from './lib/judge'
import { againstReference, type Bench } from './lib/suite'

const PAINTED = 'bench:startup-painted '
/** chosen from quiet runs: see docs/performance.md */
const STARTUP_BUDGET = 4.8
const PAINT_PROBE = paintProbe(PAINTED, '[data-testid="token-row"]')

export const startupBench: Bench = {
  figures: [{ name: 'cached_startup_vs_minimal', unit: 'x', budget: { op: '<=', target: STARTUP_BUDGET }, rooms: ['renderer', 'web'], maxReferenceSpread: 0.35 }],
  referencePage: true,
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

      const counts = paintCounts(ctx)
      const { warmup, runs, tries } = counts
      const { app, reference, rows } = await paintsBesideReference(ctx.root, session.context, url, PAINTED, 'token-row', counts)
      const a = spreadOf(app)
      const r = spreadOf(reference)
      return {
        cached_startup_vs_minimal: againstReference(
          { runs: app, unit: 'ms', what: 'Tokens view from the cache' },
          { runs: reference, unit: 'ms', what: `minimal Svelte page of ${rows} rows` },
          `Tokens view, new page per run, endpoint refusing connections; navigation start → rAF after the first token row is inserted (reported on the console, no Playwright script in the page meanwhile) ÷ the same for the minimal Svelte page (its script asks for the ${rows} rows the view painted over the loopback and draws them), interleaved; ${warmup} warm-up, ${runs} runs, each the least of ${tries} tries a page; app ${a.median.toFixed(0)} ms (${a.min.toFixed(0)}–${a.max.toFixed(0)}), minimal page ${r.median.toFixed(0)} ms (${r.min.toFixed(0)}–${r.max.toFixed(0)})`
        )
      }
    } finally {
      await session.close()
      if (simOpen) await sim.close()
    }
  }
}
