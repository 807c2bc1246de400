// decode_vs_native: the client's whole decode of queryHistory bodies (lossless numbers, envelope, zod on
// every record, the detail strings parsed and validated) against the least any decoder must do: JSON.parse
// of each body plus JSON.parse of each record's detail strings. Same bodies, runs interleaved. Measured at
// the page sizes the app asks for: 100 records (a profile's default largest page, which "load all" and the
// transfer times ask for) and 1,000 (the largest a profile allows), as the pages of one address decoded one
// after another; and one body of 10,000 records, the figure's first form.
//
// Each side runs in a process of its own (lib/decode-pair.ts says why).
import { startSimulator, type Simulator } from '../test/support/simulator'
import { measureDecodePair } from './lib/decode-pair'
import { historyBody, historyPages } from './lib/sim-body'
import type { Bench, BenchContext, Measured } from './lib/suite'

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

function measure(ctx: BenchContext, w: Workload, bodies: string[]): Promise<Measured> {
  const records = w.pageSize * w.pages
  return measureDecodePair(ctx, {
    bodies,
    records,
    ours: 'ours',
    native: 'native',
    shape: w.pages === 1 ? `one body of ${records} records` : `${w.pages} pages of ${w.pageSize} records one after another`,
    nativeWhat: 'JSON.parse + detail strings'
  })
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
