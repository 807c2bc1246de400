// How the bench judges a figure, apart from how it measures one: pure functions, unit-tested with properties.
//
// A wall-clock figure on a shared machine measures the machine as much as the program: with a second job on
// the two cores every millisecond figure roughly doubled while the code stood still. So each such figure is
// measured beside a reference that costs the least any page or server costs on this machine at this moment
// (a static page with the same rows, a trivial key handler, a bare HTTP GET), run by run, interleaved, and the
// budget is held on the ratio of the two, which load moves far less. And where the reference's own runs
// scatter too widely, no ratio of it can be trusted: the figure says so instead of passing or failing.
import { percentile } from './stats'
import { meets, type Budget } from './format'

export interface Spread {
  median: number
  min: number
  max: number
  /** interquartile range ÷ median (0 when every run reads the same): how widely the runs scatter */
  rel: number
}

/** Median, min–max and the relative interquartile spread of some runs; NaN everywhere for none. */
export function spreadOf(runs: readonly number[]): Spread {
  if (runs.length === 0) return { median: NaN, min: NaN, max: NaN, rel: NaN }
  const median = percentile(runs, 50)
  const iqr = percentile(runs, 75) - percentile(runs, 25)
  return { median, min: Math.min(...runs), max: Math.max(...runs), rel: median > 0 ? iqr / median : iqr === 0 ? 0 : Infinity }
}

/**
 * Run-by-run ratios of a figure to its reference, each run against the reference measured next to it (so a
 * spell of load falls on both sides of one ratio). The shorter list decides how many; a reference run of 0
 * (or below) gives no ratio, since no run can be judged against it.
 */
export function pairedRatios(values: readonly number[], references: readonly number[]): number[] {
  const out: number[] = []
  for (let i = 0; i < Math.min(values.length, references.length); i++) {
    const v = values[i] as number
    const r = references[i] as number
    if (r > 0 && Number.isFinite(v) && Number.isFinite(r)) out.push(v / r)
  }
  return out
}

/** Below three runs an interquartile range says nothing about how the reference scatters. */
export const MIN_REFERENCE_RUNS = 3

export type Verdict = 'PASS' | 'FAIL' | 'NOISY'

export interface Judged {
  verdict: Verdict
  /** why NOISY, for the line and the results */
  reason: string
}

/**
 * A figure's verdict: NOISY when its reference scattered more than `maxSpread` (relative interquartile range),
 * or had too few runs to tell; otherwise PASS or FAIL by the budget on the value. A figure
 * with no reference (a CPU-time ratio, a size) is always judged.
 */
export function judge(value: number, budget: Budget, reference?: { runs: readonly number[]; maxSpread: number }): Judged {
  if (reference) {
    const s = spreadOf(reference.runs)
    if (reference.runs.length < MIN_REFERENCE_RUNS || !Number.isFinite(s.rel)) {
      return { verdict: 'NOISY', reason: `${reference.runs.length} reference runs, too few to know their spread` }
    }
    if (s.rel > reference.maxSpread) {
      return { verdict: 'NOISY', reason: `reference spread ${(100 * s.rel).toFixed(0)} % > ${(100 * reference.maxSpread).toFixed(0)} %` }
    }
  }
  return meets(value, budget) ? { verdict: 'PASS', reason: '' } : { verdict: 'FAIL', reason: '' }
}

/** The exit code: 1 when a figure that could be judged failed; noisy figures count for nothing either way. */
export function exitCode(verdicts: readonly Verdict[]): 0 | 1 {
  return verdicts.includes('FAIL') ? 1 : 0
}
