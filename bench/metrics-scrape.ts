// metrics_scrape_ms: GET /metrics round trips against the headless watcher of watch_idle_cpu_pct's set-up
// (three nodes, pending transfers and an address watched, so the exposition carries per-node histograms and
// per-transfer gauges), after its first poll. Scrapes are spaced as a scraper's would be, not fired back to
// back: each pass is 20 scrapes 250 ms apart, and its 95th percentile is the pass's figure.
import { median, percentile } from './lib/stats'
import type { Bench } from './lib/suite'
import { histogramCount, startWatchRig } from './watch-rig'

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms))

export const metricsScrapeBench: Bench = {
  figures: [{ name: 'metrics_scrape_ms', unit: 'ms', budget: { op: '<', target: 50 } }],
  async run(ctx) {
    const passes = ctx.tiny ? 2 : 7
    const perPass = ctx.tiny ? 5 : 20
    const gapMs = ctx.tiny ? 20 : 250
    // the default interval (60 s): the measured scrapes (about 40 s) fall between the first poll and the next
    const rig = await startWatchRig(ctx.root, { tiny: ctx.tiny })
    try {
      let first = await rig.scrape()
      for (let i = 0; i < 100 && histogramCount(first.text, 'bridgescope_node_request_duration_seconds') === 0; i++) {
        await sleep(200)
        first = await rig.scrape()
      }
      if (histogramCount(first.text, 'bridgescope_node_request_duration_seconds') === 0) throw new Error('the watcher did not poll within 20 s')
      for (let i = 0; i < 5; i++) await rig.scrape() // warm-up: the exposition's code paths compiled
      const p95s: number[] = []
      const all: number[] = []
      for (let p = 0; p < passes; p++) {
        const times: number[] = []
        for (let i = 0; i < perPass; i++) {
          await sleep(gapMs)
          times.push((await rig.scrape()).ms)
        }
        all.push(...times)
        p95s.push(percentile(times, 95))
        ctx.log(`metrics scrape: pass ${p + 1}: median ${median(times).toFixed(2)} ms, p95 ${p95s[p]!.toFixed(2)} ms`)
      }
      const series = first.text.split('\n').filter((l) => l !== '' && !l.startsWith('#')).length
      return {
        metrics_scrape_ms: {
          value: median(p95s),
          runs: p95s,
          detail: `GET /metrics of bridgescope watch vault (${rig.nodes} nodes, ${rig.watchedTransfers} pending transfers and 1 address watched; ${series} samples, ${first.text.length} bytes), request → last byte from another process; ${passes} passes of ${perPass} scrapes ${gapMs} ms apart after 5 warm-up, value = median of per-pass p95; runs ${Math.min(...p95s).toFixed(2)}–${Math.max(...p95s).toFixed(2)} ms; all scrapes: median ${median(all).toFixed(2)} ms, max ${Math.max(...all).toFixed(2)} ms`
        }
      }
    } finally {
      await rig.close()
    }
  }
}
