// decode_vs_native: the client's whole decode of queryHistory bodies (lossless numbers, envelope, zod on
// every record, the detail strings parsed and validated) against the least any decoder must do: JSON.parse
// of each body plus JSON.parse of each record's detail strings. Same bodies, runs interleaved. Measured at
// the page sizes the app asks for: 100 records (a profile's default largest page, which "load all" and the
// transfer times ask for) and 1,000 (the largest a profile allows), as the pages of one address decoded one
// after another; and one body of 10,000 records, the figure's first form.
//
// Each side runs in a process of its own. In one process the sides shared V8's object shapes: JSON.parse in
// the baseline left the records' shape with numbers where the client keeps amount texts, so the client's run
// after it paid for reshaping 10,000 records, and the runs alternated between ~1.1 and ~2.0 by which side
// went first. The app never runs the baseline, so that cost is not the client's.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startSimulator, type Simulator } from '../test/support/simulator'
import { startChild, type Child } from './lib/child'
import type { Side } from './lib/decode-sides'
import { historyBody, historyPages } from './lib/sim-body'
import { alternating, median } from './lib/stats'
import type { Bench, BenchContext, Measured } from './lib/suite'

interface Timing {
  cpuMs: number
  wallMs: number
}

/** One figure's workload: `pages` bodies of `pageSize` records each. */
interface Workload {
  name: string
  pageSize: number
  pages: number
}

/** Each workload decodes 10,000 records a run (1,000 with --tiny), so every run is long enough to time. */
function workloads(tiny: boolean): Workload[] {
  const records = tiny ? 1000 : 10_000
  return [
    { name: 'decode_vs_native_100', pageSize: 100, pages: records / 100 },
    { name: 'decode_vs_native_1000', pageSize: 1000, pages: records / 1000 },
    { name: 'decode_vs_native', pageSize: records, pages: 1 }
  ]
}

async function bodiesOf(sim: Simulator, w: Workload): Promise<string[]> {
  return w.pages === 1 ? [await historyBody(sim, w.pageSize)] : historyPages(sim, w.pageSize, w.pages)
}

async function timed(child: Child<{ records: number }>): Promise<Timing> {
  child.process.stdin?.write('run\n')
  return child.next<Timing>()
}

async function measure(ctx: BenchContext, w: Workload, bodies: string[]): Promise<Measured> {
  const records = w.pageSize * w.pages
  const dir = mkdtempSync(join(tmpdir(), 'bridgescope-bench-decode-'))
  const file = join(dir, 'bodies.json')
  writeFileSync(file, JSON.stringify(bodies))
  const children: Partial<Record<Side, Child<{ records: number }>>> = {}
  try {
    for (const side of ['ours', 'native'] as const) {
      const child = await startChild<{ records: number }>(ctx.root, 'decode-child.js', [side, file])
      children[side] = child
      if (child.hello.records !== records) throw new Error(`${side}: the bodies do not hold the expected records`)
    }
    const ours = children.ours as Child<{ records: number }>
    const native = children.native as Child<{ records: number }>
    const warmup = ctx.tiny ? 1 : 3
    const runs = ctx.tiny ? 3 : ctx.quick ? 5 : 11
    const pairs = await alternating(() => timed(ours), () => timed(native), warmup, runs)
    const oursRuns = pairs.map(([o]) => o)
    const nativeRuns = pairs.map(([, n]) => n)
    const ratios = pairs.map(([o, n]) => o.cpuMs / n.cpuMs)
    const mb = (bodies.reduce((sum, b) => sum + Buffer.byteLength(b), 0) / 1e6).toFixed(1)
    const m = (xs: Timing[], k: keyof Timing): string => median(xs.map((x) => x[k])).toFixed(0)
    const shape = w.pages === 1 ? `one body of ${records} records` : `${w.pages} pages of ${w.pageSize} records one after another`
    return {
      value: median(ratios),
      runs: ratios,
      // JSON.parse's own CPU time is the reference: when it scatters that widely, no ratio is judged
      absolute: { runs: oursRuns.map((x) => x.cpuMs), unit: 'ms', what: 'decode CPU' },
      reference: { runs: nativeRuns.map((x) => x.cpuMs), unit: 'ms', what: 'JSON.parse + detail strings CPU' },
      detail: `${shape}, ${mb} MB; median of per-run ratios ${median(ratios).toFixed(2)}, runs ${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}; CPU time (every thread of each side's own process, read once its background work has finished): decode median ${m(oursRuns, 'cpuMs')} ms, JSON.parse + detail strings median ${m(nativeRuns, 'cpuMs')} ms (wall ${m(oursRuns, 'wallMs')} / ${m(nativeRuns, 'wallMs')} ms); ${warmup} warm-up, ${runs} interleaved runs, a full collection before each`
    }
  } finally {
    for (const child of Object.values(children)) await child?.stop()
    rmSync(dir, { recursive: true, force: true })
  }
}

export const decodeBench: Bench = {
  figures: workloads(false).map((w) => ({ name: w.name, unit: 'x', budget: { op: '<=', target: 1.5 }, rooms: ['client'], maxReferenceSpread: 0.5 })),
  quiet: true,
  async run(ctx, wanted) {
    const chosen = workloads(ctx.tiny).filter((w) => wanted.has(w.name))
    const sim = await startSimulator({ seed: 2, transfers: ctx.tiny ? 20_000 : 200_000, rotateEveryMs: null })
    const bodies = new Map<Workload, string[]>()
    try {
      for (const w of chosen) bodies.set(w, await bodiesOf(sim, w))
    } finally {
      await sim.close()
    }
    const out: Record<string, Measured> = {}
    for (const w of chosen) out[w.name] = await measure(ctx, w, bodies.get(w) as string[])
    return out
  }
}
