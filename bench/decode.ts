// decode_vs_native: the client's whole decode of one queryHistory body (lossless numbers, envelope, zod on
// every record, the detail strings parsed and validated) against the least any decoder must do: JSON.parse
// of the body plus JSON.parse of each record's detail strings. Same body, same process, runs interleaved.
import { decodeHistoryBody } from '../src/main/client/fast-history'
import { startSimulator } from '../src/main/sim/index'
import { historyBody } from './lib/sim-body'
import { collectGarbage, median } from './lib/stats'
import type { Bench } from './lib/suite'

const DETAIL_FIELDS = ['fromChainObject', 'toChainObject', 'tokenObject'] as const

function native(body: string): number {
  const parsed = JSON.parse(body) as { data: { list: Record<string, unknown>[] } }
  for (const r of parsed.data.list) {
    for (const f of DETAIL_FIELDS) {
      const text = r[f]
      if (typeof text === 'string') JSON.parse(text)
    }
  }
  return parsed.data.list.length
}

function ours(body: string): number {
  // The path BridgeClient.queryHistory takes once the body text has arrived.
  return decodeHistoryBody(body, 'queryHistory', 200, 'application/json').list.length
}

/** How long a run's background work (V8's compiler and collector threads) is given to finish. */
const SETTLE_MS = 60

const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, SETTLE_MS))

/**
 * CPU time (user + system, ms) of one run: the process's own work, which other load on a shared 2-core machine
 * does not inflate the way it inflates wall-clock time. Wall time is kept for the detail line.
 *
 * The CPU is read only once the work a run set off on other threads (optimising compiles, concurrent
 * marking) has finished, with the process otherwise idle before and after: read at the end of `fn`, that
 * work was charged to whichever side ran next, and the figure depended on which side went first (runs
 * alternated between ~1.3 and ~1.6).
 */
async function time(fn: () => number, wall: number[]): Promise<number> {
  collectGarbage()
  await settle()
  const c0 = process.cpuUsage()
  const t0 = performance.now()
  fn()
  wall.push(performance.now() - t0)
  await settle()
  const c = process.cpuUsage(c0)
  return (c.user + c.system) / 1000
}

export const decodeBench: Bench = {
  figures: [{ name: 'decode_vs_native', unit: 'x', budget: { op: '<=', target: 1.5 } }],
  async run(ctx) {
    const records = ctx.tiny ? 1000 : 10_000
    const sim = await startSimulator({ seed: 2, transfers: ctx.tiny ? 20_000 : 200_000, rotateEveryMs: null })
    let body: string
    try {
      body = await historyBody(sim, records)
    } finally {
      await sim.close()
    }
    if (ours(body) !== records || native(body) !== records) throw new Error('the body does not hold the expected records')
    const warmup = ctx.tiny ? 1 : 3
    const runs = ctx.tiny ? 3 : 11
    for (let i = 0; i < warmup; i++) {
      ours(body)
      native(body)
    }
    const oursMs: number[] = []
    const nativeMs: number[] = []
    const ratios: number[] = []
    const wallOurs: number[] = []
    const wallNative: number[] = []
    for (let i = 0; i < runs; i++) {
      // Alternate which goes first, so neither side always runs on a freshly collected heap.
      const a = i % 2 === 0 ? await time(() => ours(body), wallOurs) : 0
      const n = await time(() => native(body), wallNative)
      const b = i % 2 === 1 ? await time(() => ours(body), wallOurs) : a
      oursMs.push(b)
      nativeMs.push(n)
      ratios.push(b / n)
    }
    const mb = (Buffer.byteLength(body) / 1e6).toFixed(1)
    const spread = `runs ${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}`
    return {
      decode_vs_native: {
        value: median(ratios),
        runs: ratios,
        detail: `${records} records, ${mb} MB; median of per-run ratios ${median(ratios).toFixed(2)}, ${spread}; CPU time: decode median ${median(oursMs).toFixed(0)} ms, JSON.parse + detail strings median ${median(nativeMs).toFixed(0)} ms (wall ${median(wallOurs).toFixed(0)} / ${median(wallNative).toFixed(0)} ms); ${warmup} warm-up, ${runs} interleaved runs`
      }
    }
  }
}
