// decode_vs_native: the client's whole decode of one queryHistory body (lossless numbers, envelope, zod on
// every record, the detail strings parsed and validated) against the least any decoder must do: JSON.parse
// of the body plus JSON.parse of each record's detail strings. Same body, runs interleaved.
//
// Each side runs in a process of its own. In one process the sides shared V8's object shapes: JSON.parse in
// the baseline left the records' shape with numbers where the client keeps amount texts, so the client's run
// after it paid for reshaping 10,000 records, and the runs alternated between ~1.1 and ~2.0 by which side
// went first. The app never runs the baseline, so that cost is not the client's.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startSimulator } from '../test/support/simulator'
import { startChild, type Child } from './lib/child'
import type { Side } from './lib/decode-sides'
import { historyBody } from './lib/sim-body'
import { alternating, median } from './lib/stats'
import type { Bench } from './lib/suite'

interface Timing {
  cpuMs: number
  wallMs: number
}

async function timed(child: Child<{ records: number }>): Promise<Timing> {
  child.process.stdin?.write('run\n')
  return child.next<Timing>()
}

export const decodeBench: Bench = {
  figures: [{ name: 'decode_vs_native', unit: 'x', budget: { op: '<=', target: 1.5 } }],
  quiet: true,
  async run(ctx) {
    const records = ctx.tiny ? 1000 : 10_000
    const sim = await startSimulator({ seed: 2, transfers: ctx.tiny ? 20_000 : 200_000, rotateEveryMs: null })
    let body: string
    try {
      body = await historyBody(sim, records)
    } finally {
      await sim.close()
    }
    const dir = mkdtempSync(join(tmpdir(), 'bridgescope-bench-decode-'))
    const file = join(dir, 'body.json')
    writeFileSync(file, body)
    const children: Partial<Record<Side, Child<{ records: number }>>> = {}
    try {
      for (const side of ['ours', 'native'] as const) {
        const child = await startChild<{ records: number }>(ctx.root, 'decode-child.js', [side, file])
        children[side] = child
        if (child.hello.records !== records) throw new Error(`${side}: the body does not hold the expected records`)
      }
      const ours = children.ours as Child<{ records: number }>
      const native = children.native as Child<{ records: number }>
      const warmup = ctx.tiny ? 1 : 3
      const runs = ctx.tiny ? 3 : 11
      const pairs = await alternating(() => timed(ours), () => timed(native), warmup, runs)
      const oursRuns = pairs.map(([o]) => o)
      const nativeRuns = pairs.map(([, n]) => n)
      const ratios = pairs.map(([o, n]) => o.cpuMs / n.cpuMs)
      const mb = (Buffer.byteLength(body) / 1e6).toFixed(1)
      const m = (xs: Timing[], k: keyof Timing): string => median(xs.map((x) => x[k])).toFixed(0)
      return {
        decode_vs_native: {
          value: median(ratios),
          runs: ratios,
          detail: `${records} records, ${mb} MB; median of per-run ratios ${median(ratios).toFixed(2)}, runs ${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}; CPU time (every thread of each side's own process, read once its background work has finished): decode median ${m(oursRuns, 'cpuMs')} ms, JSON.parse + detail strings median ${m(nativeRuns, 'cpuMs')} ms (wall ${m(oursRuns, 'wallMs')} / ${m(nativeRuns, 'wallMs')} ms); ${warmup} warm-up, ${runs} interleaved runs, a full collection before each`
        }
      }
    } finally {
      for (const child of Object.values(children)) await child?.stop()
      rmSync(dir, { recursive: true, force: true })
    }
  }
}
