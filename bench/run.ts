// The benchmark runner: measures every figure (or those named by --only), prints one BENCH line each,
// writes them to results.json and answers the exit code (1 when a budget fails). Built by scripts/bench.js.
import { writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { bundleSizeBench } from './bundle-size'
import { cacheGrowthBench } from './cache-growth'
import { chainCheckBench } from './chain-check'
import { decodeBench } from './decode'
import { butterDecodeBench } from './butter-decode'
import { failedResult, formatLine, meets, type BenchResult } from './lib/format'
import type { Bench, BenchContext } from './lib/suite'
import { historyAllBench } from './history-all'
import { idleCpuBench } from './idle-cpu'
import { metricsScrapeBench } from './metrics-scrape'
import { startupBench } from './startup'
import { tableBench, tableMillionBench } from './table'
import { watchCpuBench } from './watch-cpu'
import { tssFirstPaintBench } from './tss-first-paint'
import { tssWatchCpuBench } from './tss-watch-cpu'

/** In the order they run: the quick ones first, the browser ones together, idle CPU last. */
export const BENCHES: Bench[] = [
  bundleSizeBench,
  decodeBench,
  butterDecodeBench,
  cacheGrowthBench,
  historyAllBench,
  chainCheckBench,
  startupBench,
  tssFirstPaintBench,
  tableBench,
  tableMillionBench,
  metricsScrapeBench,
  idleCpuBench,
  watchCpuBench,
  tssWatchCpuBench
]

export interface RunOptions {
  tiny: boolean
  only: Set<string> | null
  out: string
}

export function parseArgs(argv: readonly string[], root: string): RunOptions {
  const opts: RunOptions = { tiny: false, only: null, out: resolve(root, 'bench', 'results.json') }
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]
    if (a === '--tiny') opts.tiny = true
    else if (a === '--only') opts.only = new Set((argv[++i] ?? '').split(',').filter(Boolean))
    else if (a?.startsWith('--only=')) opts.only = new Set(a.slice(7).split(',').filter(Boolean))
    else if (a === '--out') opts.out = resolve(argv[++i] ?? opts.out)
    else if (a?.startsWith('--out=')) opts.out = resolve(a.slice(6))
    else throw new Error(`unknown argument ${a}; use --tiny, --only a,b, --out file`)
  }
  if (opts.only) {
    const known = new Set(BENCHES.flatMap((b) => b.figures.map((f) => f.name)))
    const unknown = [...opts.only].filter((n) => !known.has(n))
    if (unknown.length) throw new Error(`unknown figure(s): ${unknown.join(', ')}; known: ${[...known].join(', ')}`)
  }
  return opts
}

export async function main(argv: readonly string[], root: string): Promise<number> {
  const opts = parseArgs(argv, root)
  const started = performance.now()
  const ctx: BenchContext = {
    tiny: opts.tiny,
    root,
    log: (m) => process.stderr.write(`  ${m}\n`)
  }
  const results: BenchResult[] = []
  const runBench = async (bench: Bench): Promise<BenchResult[]> => {
    const figures = bench.figures.filter((f) => !opts.only || opts.only.has(f.name))
    const wanted = new Set(figures.map((f) => f.name))
    const t0 = performance.now()
    process.stderr.write(`[bench] ${[...wanted].join(', ')}${bench.background ? ' (in the background)' : ''}…\n`)
    let measured: Awaited<ReturnType<Bench['run']>> = {}
    let failure: unknown = null
    try {
      measured = await bench.run(ctx, wanted)
    } catch (error) {
      failure = error
      process.stderr.write(`[bench] failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`)
    }
    process.stderr.write(`[bench] ${[...wanted].join(', ')}: ${((performance.now() - t0) / 1000).toFixed(1)} s\n`)
    return figures.map((f) => {
      const m = measured[f.name]
      return m
        ? { name: f.name, value: m.value, unit: f.unit, ...f.budget, pass: meets(m.value, f.budget), runs: m.runs.map((x) => Math.round(x * 1000) / 1000), detail: m.detail }
        : failedResult(f.name, f.unit, f.budget, failure ?? new Error('not measured'))
    })
  }
  const report = (rs: BenchResult[]): void => {
    for (const r of rs) {
      results.push(r)
      process.stdout.write(`${formatLine(r)}\n`)
      // the spread beside the median the budget is checked on (stdout holds only BENCH lines)
      if (r.runs.length > 1) process.stderr.write(`  ${r.name}: ${r.runs.length} runs, ${Math.min(...r.runs)}–${Math.max(...r.runs)} ${r.unit}\n`)
    }
  }
  const selected = BENCHES.filter((b) => b.figures.some((f) => !opts.only || opts.only.has(f.name)))
  for (const bench of selected.filter((b) => b.quiet)) report(await runBench(bench))
  const background = selected.filter((b) => b.background).map(runBench)
  for (const bench of selected.filter((b) => !b.background && !b.quiet)) report(await runBench(bench))
  for (const r of await Promise.all(background)) report(r)
  writeFileSync(opts.out, `${JSON.stringify(results, null, 2)}\n`)
  const failed = results.filter((r) => !r.pass)
  process.stderr.write(
    `[bench] ${results.length} figures, ${failed.length} failed, ${((performance.now() - started) / 1000).toFixed(1)} s${opts.tiny ? ' (tiny workload: figures not meaningful)' : ''}; wrote ${opts.out}\n`
  )
  return failed.length > 0 ? 1 : 0
}
