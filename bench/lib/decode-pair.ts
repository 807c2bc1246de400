// A decode ratio measured as decode_vs_native and butter_decode_vs_native_100 measure it: each side in a
// process of its own (bench/decode-child.ts), runs interleaved, a full collection before each and the CPU
// (every thread of the side's process) read once the run's background work has finished.
//
// Each side runs in a process of its own. In one process the sides shared V8's object shapes: JSON.parse in
// the baseline left the records' shape with numbers where the client keeps amount texts, so the client's run
// after it paid for reshaping 10,000 records, and the runs alternated between ~1.1 and ~2.0 by which side
// went first. The app never runs the baseline, so that cost is not the client's. And with both sides in one
// process, the collector's helper threads ran on into the next side's run: Butter's ratio read 1.38–1.69
// between invocations of the same code on a quiet machine, its single runs 0.8–2.7.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startChild, type Child } from './child'
import type { Side } from './decode-sides'
import { alternating, leastOfGroups, median } from './stats'
import type { BenchContext, Measured } from './suite'

interface Timing {
  cpuMs: number
  wallMs: number
}

export interface DecodePair {
  bodies: string[]
  /** records the bodies hold: each side must count as many */
  records: number
  ours: Side
  native: Side
  /** what the bodies are, for the detail */
  shape: string
  /** what the baseline does, for the output */
  nativeWhat: string
}

// A run is the least of a few tries of each side, interleaved. On this kind of machine (a virtual machine on a
// shared host) work that streams through memory runs in spells: JSON.parse of the same 17 MB read 31 ms or
// 52 ms, several runs in a row each way, while a loop of arithmetic held 62 ms to a tenth. Neither the collector
// nor the young generation's size made the difference (the collector's work alike in fast and slow runs; the
// same spells with new space fixed at 1 or at 16 MB). A ratio of single runs that met different spells read
// 0.8 or 2.6, and the median of five such ratios read 1.51 and 2.17 in two invocations of the same code on a
// quiet machine. The least of three tries is each side's cost when the machine lets it have its memory at
// speed; with it, four invocations in a row read 1.49–1.52 quiet, and two with both cores busy 1.55 and 1.57.
// It does not clear every spell: one earlier invocation read 1.94, the decode slow in nearly every try.
const TRIES = 3

async function timed(child: Child<{ records: number }>): Promise<Timing> {
  child.process.stdin?.write('run\n')
  return child.next<Timing>()
}

export async function measureDecodePair(ctx: BenchContext, pair: DecodePair): Promise<Measured> {
  const dir = mkdtempSync(join(tmpdir(), 'bridgescope-bench-decode-'))
  const file = join(dir, 'bodies.json')
  writeFileSync(file, JSON.stringify(pair.bodies))
  const children: Child<{ records: number }>[] = []
  try {
    const start = async (side: Side): Promise<Child<{ records: number }>> => {
      const child = await startChild<{ records: number }>(ctx.root, 'decode-child.js', [side, file])
      children.push(child)
      if (child.hello.records !== pair.records) throw new Error(`${side}: the bodies do not hold the expected ${pair.records} records`)
      return child
    }
    const ours = await start(pair.ours)
    const native = await start(pair.native)
    const warmup = ctx.tiny ? 1 : 3
    const runs = ctx.tiny ? 3 : ctx.quick ? 5 : 11
    const tries = ctx.tiny ? 1 : TRIES
    const pairs = leastOfGroups(await alternating(() => timed(ours), () => timed(native), warmup, runs * tries), tries, (x) => x.cpuMs)
    const oursRuns = pairs.map(([o]) => o)
    const nativeRuns = pairs.map(([, n]) => n)
    const ratios = pairs.map(([o, n]) => o.cpuMs / n.cpuMs)
    const mb = (pair.bodies.reduce((sum, b) => sum + Buffer.byteLength(b), 0) / 1e6).toFixed(1)
    const m = (xs: Timing[], k: keyof Timing): string => median(xs.map((x) => x[k])).toFixed(0)
    return {
      value: median(ratios),
      runs: ratios,
      // the baseline's own CPU time is the reference: when it scatters that widely, no ratio is judged
      absolute: { runs: oursRuns.map((x) => x.cpuMs), unit: 'ms', what: 'decode CPU' },
      reference: { runs: nativeRuns.map((x) => x.cpuMs), unit: 'ms', what: `${pair.nativeWhat} CPU` },
      detail: `${pair.shape}, ${mb} MB; median of per-run ratios ${median(ratios).toFixed(2)}, runs ${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}; CPU time (every thread of each side's own process, read once its background work has finished): decode median ${m(oursRuns, 'cpuMs')} ms, ${pair.nativeWhat} median ${m(nativeRuns, 'cpuMs')} ms (wall ${m(oursRuns, 'wallMs')} / ${m(nativeRuns, 'wallMs')} ms); ${warmup} warm-up, ${runs} runs, each the least of ${tries} interleaved tries a side, a full collection before each`
    }
  } finally {
    for (const child of children) await child.stop()
    rmSync(dir, { recursive: true, force: true })
  }
}
