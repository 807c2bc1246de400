// The benchmark runner: measures every figure (or those named by --only, or a --quick round), prints one BENCH
// line each, writes them to results.json and answers the exit code: 1 when a figure that could be judged
// failed; a figure whose reference scattered too widely to judge counts neither way. Built by scripts/bench.js.
import { writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { failedResult, formatLine, type BenchResult, type Side } from './lib/format'
import { exitCode, judge, spreadOf } from './lib/judge'
import { ROOMS, type Bench, type BenchContext, type Figure, type Measured, type Room, type SideRuns } from './lib/suite'
import { BENCHES } from './registry'

export { BENCHES }

export interface RunOptions {
  tiny: boolean
  quick: boolean
  room: Room | null
  only: Set<string> | null
  out: string
}

const USAGE = 'use --tiny, --quick, --room NAME, --only a,b, --out file'

export function parseArgs(argv: readonly string[], root: string): RunOptions {
  const opts: RunOptions = { tiny: false, quick: false, room: null, only: null, out: resolve(root, 'bench', 'results.json') }
  const room = (name: string | undefined): Room => {
    if (!ROOMS.includes(name as Room)) throw new Error(`unknown room ${name}; rooms: ${ROOMS.join(', ')}`)
    return name as Room
  }
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]
    if (a === '--tiny') opts.tiny = true
    else if (a === '--quick') opts.quick = true
    else if (a === '--room') opts.room = room(argv[++i])
    else if (a?.startsWith('--room=')) opts.room = room(a.slice(7))
    else if (a === '--only') opts.only = new Set((argv[++i] ?? '').split(',').filter(Boolean))
    else if (a?.startsWith('--only=')) opts.only = new Set(a.slice(7).split(',').filter(Boolean))
    else if (a === '--out') opts.out = resolve(argv[++i] ?? opts.out)
    else if (a?.startsWith('--out=')) opts.out = resolve(a.slice(6))
    else throw new Error(`unknown argument ${a}; ${USAGE}`)
  }
  if (opts.only) {
    const known = new Set(BENCHES.flatMap((b) => b.figures.map((f) => f.name)))
    const unknown = [...opts.only].filter((n) => !known.has(n))
    if (unknown.length) throw new Error(`unknown figure(s): ${unknown.join(', ')}; known: ${[...known].join(', ')}`)
  }
  return opts
}

/** Whether a run with these options measures a figure. */
export function selects(opts: Pick<RunOptions, 'quick' | 'room' | 'only'>, f: Figure): boolean {
  if (opts.only && !opts.only.has(f.name)) return false
  if (opts.room && !f.rooms.includes(opts.room)) return false
  if (opts.quick && f.slow && !opts.only) return false
  return true
}

function side(s: SideRuns): Side {
  const sp = spreadOf(s.runs)
  return { value: sp.median, unit: s.unit, runs: s.runs.map((x) => Math.round(x * 1000) / 1000), spread: sp.rel, what: s.what }
}

/** A measured figure judged: the ratio's verdict depends on its reference's spread as well as the budget. */
export function resultOf(f: Figure, m: Measured): BenchResult {
  const reference = m.reference && f.maxReferenceSpread !== undefined ? { runs: m.reference.runs, maxSpread: f.maxReferenceSpread } : undefined
  const judged = judge(m.value, f.budget, reference)
  return {
    name: f.name,
    value: m.value,
    unit: f.unit,
    ...f.budget,
    pass: judged.verdict === 'PASS',
    verdict: judged.verdict,
    reason: judged.reason,
    runs: m.runs.map((x) => Math.round(x * 1000) / 1000),
    detail: m.detail,
    ...(m.absolute && m.reference ? { absolute: side(m.absolute), reference: side(m.reference) } : {})
  }
}

export interface Builders {
  /** builds bench/peers into out/bench-peers (scripts/bench.js, with vite) */
  buildPeerPages?: () => Promise<unknown>
  /** builds bench/reference into out/bench-reference (scripts/bench.js, with vite and Svelte) */
  buildReferencePage?: () => Promise<unknown>
}

export async function main(argv: readonly string[], root: string, builders: Builders = {}): Promise<number> {
  const opts = parseArgs(argv, root)
  const wantsPeers = BENCHES.some((b) => b.figures.some((f) => f.name.startsWith('peers_') && selects(opts, f)))
  if (wantsPeers) await builders.buildPeerPages?.()
  if (BENCHES.some((b) => b.referencePage && b.figures.some((f) => selects(opts, f)))) await builders.buildReferencePage?.()
  const started = performance.now()
  const ctx: BenchContext = {
    tiny: opts.tiny,
    quick: opts.quick,
    root,
    log: (m) => process.stderr.write(`  ${m}\n`)
  }
  const results: BenchResult[] = []
  const runBench = async (bench: Bench): Promise<BenchResult[]> => {
    const figures = bench.figures.filter((f) => selects(opts, f))
    const wanted = new Set(figures.map((f) => f.name))
    const t0 = performance.now()
    process.stderr.write(`[bench] ${[...wanted].join(', ')}${bench.idle ? ' (idle figures, side by side)' : ''}…\n`)
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
      return m ? resultOf(f, m) : failedResult(f.name, f.unit, f.budget, failure ?? new Error('not measured'))
    })
  }
  const report = (rs: BenchResult[]): void => {
    for (const r of rs) {
      results.push(r)
      process.stdout.write(`${formatLine(r)}\n`)
      if (r.absolute && r.reference) {
        process.stderr.write(`  ${r.name}: ${r.absolute.what} ${r.absolute.value.toFixed(2)} ${r.absolute.unit} ÷ ${r.reference.what} ${r.reference.value.toFixed(2)} ${r.reference.unit}\n`)
      }
    }
  }
  const selected = BENCHES.filter((b) => b.figures.some((f) => selects(opts, f)))
  for (const bench of selected.filter((b) => b.quiet)) report(await runBench(bench))
  for (const bench of selected.filter((b) => !b.idle && !b.quiet)) report(await runBench(bench))
  for (const r of await Promise.all(selected.filter((b) => b.idle).map(runBench))) report(r)
  writeFileSync(opts.out, `${JSON.stringify(results, null, 2)}\n`)
  const failed = results.filter((r) => r.verdict === 'FAIL').length
  const noisy = results.filter((r) => r.verdict === 'NOISY').length
  process.stderr.write(
    `[bench] ${results.length} figures, ${failed} failed, ${noisy} too noisy to judge, ${((performance.now() - started) / 1000).toFixed(1)} s${opts.tiny ? ' (tiny workload: figures not meaningful)' : ''}; wrote ${opts.out}\n`
  )
  return exitCode(results.map((r) => r.verdict))
}
