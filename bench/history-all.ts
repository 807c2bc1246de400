// history_all_vs_ideal: "load all" of one address's whole history over a 50 ms-latency service, through the
// real BridgeClient (HTTP, lossless decode, validation) and fetchAllHistory (paging, concurrency, dedupe),
// against the ideal: pages ÷ concurrency × the latency the service actually served in that run (its timers
// fire late on a busy machine, and that lateness is the service's, not the client's). The service runs in a
// child process.
import { BridgeClient } from '../src/main/client/mcs/client'
import { fetchAllHistory } from '../src/main/client/history-all'
import { startChild } from './lib/child'
import type { Heavy } from './lib/sim-body'
import { collectGarbage, median } from './lib/stats'
import type { Bench } from './lib/suite'
import type { SimStats } from '../test/support/simulator'

// BENCH_LATENCY_MS=0 shows the walk's own cost (client + service CPU) without the injected latency.
const LATENCY_MS = Number(process.env.BENCH_LATENCY_MS ?? 50)
const CONCURRENCY = 4 // fetchAllHistory's default, the one the app uses
const PAGE_SIZE = 100 // a profile's default maxPageSize

export const historyAllBench: Bench = {
  figures: [{ name: 'history_all_vs_ideal', unit: 'x', budget: { op: '<=', target: 1.7 }, rooms: ['client'] }],
  async run(ctx) {
    // --quick: the heavy address of a 300,000-transfer network (~30,000 transfers, ~300 pages) instead of ~100,000
    const transfers = ctx.tiny ? 20_000 : ctx.quick ? 300_000 : 1_000_000
    const sim = await startChild<{ baseUrl: string; heavy: Heavy }>(ctx.root, 'sim-child.js', [String(transfers)])
    try {
      const { baseUrl, heavy } = sim.hello
      const res = await fetch(`${baseUrl}/__sim/faults`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ op: 'queryHistory', spec: { latencyMs: LATENCY_MS } })
      })
      if (!res.ok) throw new Error(`setting the latency failed: HTTP ${res.status}`)
      const client = new BridgeClient({ baseUrl, maxPageSize: PAGE_SIZE })
      const query = { address: heavy.address, chainId: heavy.chainId }
      ctx.log(`history: ${heavy.count} transfers of ${heavy.address} on chain ${heavy.chainId}`)
      // Warm-up: a slice of the walk, so the measured runs do not pay for JIT compilation and connection set-up.
      await fetchAllHistory(client, query, { pageSize: PAGE_SIZE, concurrency: CONCURRENCY, maxPages: ctx.tiny ? 4 : 60 })
      // At least five measured runs, the budget checked on their median, so one slow run on a busy machine
      // does not decide the figure.
      const runs = ctx.tiny ? 1 : ctx.quick ? 3 : 5
      const served = async (): Promise<{ requests: number; ms: number }> =>
        ((await (await fetch(`${baseUrl}/__sim/stats`)).json()) as SimStats).latencyServed.queryHistory
      const servedMs: number[] = []
      const ratios: number[] = []
      const times: number[] = []
      let pages = 0
      for (let i = 0; i < runs; i++) {
        collectGarbage()
        const before = await served()
        const t0 = performance.now()
        const all = await fetchAllHistory(client, query, { pageSize: PAGE_SIZE, concurrency: CONCURRENCY })
        const ms = performance.now() - t0
        if (all.list.length !== heavy.count) throw new Error(`loaded ${all.list.length} of ${heavy.count} transfers`)
        pages = all.pagesDone
        const after = await served()
        const meanServed = (after.ms - before.ms) / Math.max(1, after.requests - before.requests)
        servedMs.push(meanServed)
        const ideal = (pages / CONCURRENCY) * meanServed
        times.push(ms)
        ratios.push(ms / ideal)
        ctx.log(`history: run ${i + 1}: ${(ms / 1000).toFixed(2)} s for ${pages} pages (served latency ${meanServed.toFixed(1)} ms, ideal ${(ideal / 1000).toFixed(2)} s)`)
      }
      const ideal = (pages / CONCURRENCY) * median(servedMs)
      return {
        history_all_vs_ideal: {
          value: median(ratios),
          runs: ratios,
          detail: `${heavy.count} transfers, ${pages} pages of ${PAGE_SIZE}, concurrency ${CONCURRENCY}, ${LATENCY_MS} ms latency asked, served ${Math.min(...servedMs).toFixed(1)}–${Math.max(...servedMs).toFixed(1)} ms per request (mean per run; the ideal of each run uses its own); median ${(median(times) / 1000).toFixed(2)} s vs ideal ${(ideal / 1000).toFixed(2)} s; runs ${(Math.min(...times) / 1000).toFixed(2)}–${(Math.max(...times) / 1000).toFixed(2)} s (ratio ${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}); 1 partial warm-up, ${runs} runs`
        }
      }
    } finally {
      await sim.stop()
    }
  }
}
