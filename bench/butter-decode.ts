// butter_decode_vs_native_100: Butter's history page of 100 records (queryBridgeHistoryByAddress, as the demo
// network answers in Butter's dialect) through the whole decode the app runs (decodeButterHistoryBody: the quick
// way — JSON.parse, the amounts' digits found by key search, as they pass 2^53 — or else the lossless parse;
// envelope, zod on every record, the normalized transfer built) against JSON.parse of the same
// bodies, in the same run, runs interleaved, a collection before each. Butter's records carry nested objects
// rather than JSON strings, so the baseline is JSON.parse alone. Budget ≤ 1.5, as decode_vs_native.
import { startSimulator } from '../test/support/simulator'
import { decodeButterHistoryBody } from '../src/main/client/butter-decode'
import { demoDialectUrls } from '../src/shared/demo-network'
import { alternating, collectGarbage, median } from './lib/stats'
import type { Bench } from './lib/suite'

const FIGURE = 'butter_decode_vs_native_100'
const OP = 'queryBridgeHistoryByAddress'

function cpuMs(fn: () => number): Promise<{ ms: number; records: number }> {
  collectGarbage()
  const t0 = process.cpuUsage()
  const records = fn()
  const d = process.cpuUsage(t0)
  return Promise.resolve({ ms: (d.user + d.system) / 1000, records })
}

export const butterDecodeBench: Bench = {
  figures: [{ name: FIGURE, unit: 'x', budget: { op: '<=', target: 1.5 }, rooms: ['client'], maxReferenceSpread: 0.5 }],
  quiet: true,
  async run(ctx) {
    // 60 pages a run: with 20, JSON.parse took ~13 ms a run and its CPU times scattered 61 % on a quiet machine
    const pages = ctx.tiny ? 10 : 60
    const sim = await startSimulator({ seed: 2, transfers: ctx.tiny ? 20_000 : 200_000, rotateEveryMs: null })
    const bodies: string[] = []
    try {
      const { address, chainId } = sim.sample().addresses[0]!
      const { baseUrl } = demoDialectUrls(sim.baseUrl, 'butter')
      for (let page = 1; page <= pages; page++) {
        const res = await fetch(`${baseUrl}/api/${OP}?address=${address}&chainId=${chainId}&page=${page}&size=100`)
        bodies.push(await res.text())
      }
    } finally {
      await sim.close()
    }
    const ours = (): number => bodies.reduce((n, b) => n + decodeButterHistoryBody(b, OP).list.length, 0)
    const native = (): number => bodies.reduce((n, b) => n + (JSON.parse(b) as { data: { list: unknown[] } }).data.list.length, 0)
    if (ours() !== pages * 100 || native() !== pages * 100) throw new Error('the bodies do not hold full pages of 100 records')
    const warmup = ctx.tiny ? 1 : 5
    const runs = ctx.tiny ? 3 : 15
    const pairs = await alternating(() => cpuMs(ours), () => cpuMs(native), warmup, runs)
    const ratios = pairs.map(([o, n]) => o.ms / n.ms)
    const mb = (bodies.reduce((s, b) => s + Buffer.byteLength(b), 0) / 1e6).toFixed(1)
    return {
      [FIGURE]: {
        value: median(ratios),
        runs: ratios,
        // JSON.parse's own CPU time is the reference: when it scatters that widely, no ratio is judged
        absolute: { runs: pairs.map(([o]) => o.ms), unit: 'ms', what: 'decode CPU' },
        reference: { runs: pairs.map(([, n]) => n.ms), unit: 'ms', what: 'JSON.parse CPU' },
        detail: `${pages} pages of 100 records one after another, ${mb} MB; median of per-run ratios ${median(ratios).toFixed(2)}, runs ${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}; CPU time decode median ${median(pairs.map(([o]) => o.ms)).toFixed(0)} ms, JSON.parse median ${median(pairs.map(([, n]) => n.ms)).toFixed(0)} ms; ${warmup} warm-up, ${runs} interleaved runs in one process`
      }
    }
  }
}
