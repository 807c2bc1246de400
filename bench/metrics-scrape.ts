// metrics_scrape_vs_bare: GET /metrics round trips against the headless watcher of watch_idle_cpu_pct's set-up
// (three nodes, pending transfers and an address watched, so the exposition carries per-node histograms and
// per-transfer gauges), after its first poll. Scrapes are spaced as a scraper's would be, not fired back to
// back: each pass is 40 scrapes 250 ms apart (20 in a quick round), and its 95th percentile is the pass's
// figure. With 20 a pass, a p95 is the second slowest of 20, and the reference's spread read 19–41 % in three
// quiet runs and 95 % once in a whole bench; with 40, 11–27 % in three (each run 73 s instead of 36). Each scrape is
// paired with a GET of the same number of bytes from a plain Node HTTP server in a process of its own
// (plain-server-child.ts), the two alternating, and the figure is the ratio of the two passes' p95.
import { median, percentile } from './lib/stats'
import { startChild } from './lib/child'
import { againstReference, type Bench } from './lib/suite'
import { histogramCount, startWatchRig } from './watch-rig'

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms))

export const metricsScrapeBench: Bench = {
  figures: [{ name: 'metrics_scrape_vs_bare', unit: 'x', budget: { op: '<=', target: 4 }, rooms: ['watch', 'cli'], maxReferenceSpread: 0.5 }],
  async run(ctx) {
    const passes = ctx.tiny ? 2 : ctx.quick ? 4 : 7
    const perPass = ctx.tiny ? 5 : ctx.quick ? 20 : 40
    const gapMs = ctx.tiny ? 20 : 250
    // the default interval (60 s): the measured scrapes (about 40 s) fall between the first poll and the next
    const rig = await startWatchRig(ctx.root, { tiny: ctx.tiny })
    let plain: Awaited<ReturnType<typeof startChild<{ url: string }>>> | null = null
    try {
      let first = await rig.scrape()
      for (let i = 0; i < 100 && histogramCount(first.text, 'bridgescope_node_request_duration_seconds') === 0; i++) {
        await sleep(200)
        first = await rig.scrape()
      }
      if (histogramCount(first.text, 'bridgescope_node_request_duration_seconds') === 0) throw new Error('the watcher did not poll within 20 s')
      plain = await startChild<{ url: string }>(ctx.root, 'plain-server-child.js', [String(first.text.length)])
      const plainUrl = plain.hello.url
      const bare = async (): Promise<number> => {
        const t0 = performance.now()
        const res = await fetch(plainUrl, { signal: AbortSignal.timeout(120_000) })
        await res.text()
        return performance.now() - t0
      }
      for (let i = 0; i < 5; i++) {
        await rig.scrape() // warm-up: the exposition's code paths compiled
        await bare()
      }
      const p95s: number[] = []
      const bareP95s: number[] = []
      const all: number[] = []
      for (let p = 0; p < passes; p++) {
        const times: number[] = []
        const bareTimes: number[] = []
        for (let i = 0; i < perPass; i++) {
          await sleep(gapMs)
          if (i % 2 === 0) {
            times.push((await rig.scrape()).ms)
            bareTimes.push(await bare())
          } else {
            bareTimes.push(await bare())
            times.push((await rig.scrape()).ms)
          }
        }
        all.push(...times)
        p95s.push(percentile(times, 95))
        bareP95s.push(percentile(bareTimes, 95))
        ctx.log(`metrics scrape: pass ${p + 1}: median ${median(times).toFixed(2)} ms, p95 ${p95s[p]!.toFixed(2)} ms; bare GET p95 ${bareP95s[p]!.toFixed(2)} ms`)
      }
      const series = first.text.split('\n').filter((l) => l !== '' && !l.startsWith('#')).length
      return {
        metrics_scrape_vs_bare: againstReference(
          { runs: p95s, unit: 'ms', what: 'GET /metrics p95' },
          { runs: bareP95s, unit: 'ms', what: 'bare GET of as many bytes from a plain Node server p95' },
          `GET /metrics of bridgescope watch vault (${rig.nodes} nodes, ${rig.watchedTransfers} pending transfers and 1 address watched; ${series} samples, ${first.text.length} bytes), request → last byte from another process; ${passes} passes of ${perPass} scrapes ${gapMs} ms apart after 5 warm-up, value = median of per-pass p95; runs ${Math.min(...p95s).toFixed(2)}–${Math.max(...p95s).toFixed(2)} ms; all scrapes: median ${median(all).toFixed(2)} ms, max ${Math.max(...all).toFixed(2)} ms; ÷ p95 of a bare GET of ${first.text.length} bytes from a plain Node HTTP server in its own process, the two alternating`
        )
      }
    } finally {
      await plain?.stop()
      await rig.close()
    }
  }
}
