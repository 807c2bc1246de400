// What a benchmark is: one or more figures, each with a unit and a budget, measured together because they
// share an expensive set-up (a browser with 100,000 rows loaded gives four figures).
import type { Budget } from './format'
import { median } from './stats'
import { pairedRatios } from './judge'

export interface BenchContext {
  /** a few-second workload for the format test; figures are not meaningful */
  tiny: boolean
  /** a short round (fewer runs, smaller workloads) for the figures one change can move; under 3 minutes */
  quick: boolean
  /** repository root (out/ and bench/ are under it) */
  root: string
  log: (message: string) => void
}

/** A wall-clock side of a ratio figure: its runs, in the order measured. */
export interface SideRuns {
  runs: number[]
  unit: string
  what: string
}

export interface Measured {
  value: number
  runs: number[]
  detail: string
  /** for a ratio figure: the program's own figure per run, and the reference measured beside each run */
  absolute?: SideRuns
  reference?: SideRuns
}

/** The parts of the source tree a change in which can move a figure (`--quick --room NAME` picks by them). */
export const ROOMS = ['renderer', 'dataset', 'client', 'store', 'watch', 'tss', 'web', 'cli', 'demo'] as const
export type Room = (typeof ROOMS)[number]

export interface Figure {
  name: string
  unit: string
  budget: Budget
  rooms: readonly Room[]
  /**
   * for a ratio against a reference: the widest relative spread (interquartile range ÷ median) of the
   * reference's runs at which the ratio still means something; wider reads "machine too noisy to judge"
   */
  maxReferenceSpread?: number
  /** left out of a --quick round: it takes minutes whatever the workload (idle CPU windows, a million rows) */
  slow?: boolean
}

/**
 * A ratio figure from run-by-run pairs: each run of the program divided by the reference measured next to
 * it; the value is the median ratio. The absolute runs stay in the answer as information.
 */
export function againstReference(absolute: SideRuns, reference: SideRuns, detail: string): Measured {
  const runs = pairedRatios(absolute.runs, reference.runs)
  return { value: median(runs), runs, detail, absolute, reference }
}

export interface Bench {
  figures: Figure[]
  /**
   * an idle figure: a process's own CPU time while it sits idle, measured after every other figure, side by
   * side with the other idle figures only (which sleep as it does). It ran alongside the other benches until a
   * whole run read tss_watch_idle_cpu_pct at 0.25 where it read 0.17–0.18 alone: the same idle work costs
   * more CPU time on a machine whose caches and cores others are using.
   */
  idle?: boolean
  /**
   * measured first, before any other figure's processes exist: a ratio of two CPU times that the start-up of
   * the idle figures' processes (a demo network, three simulators) skewed, one side more than the other, when
   * those ran alongside (decode_vs_native read 1.51 beside them, 1.30 without)
   */
  quiet?: boolean
  /** paints beside the first-paint reference page (out/bench-reference), which the run builds first */
  referencePage?: boolean
  /** measures the wanted figures (a subset of `figures`); a figure left out of the answer is reported as failed */
  run(ctx: BenchContext, wanted: ReadonlySet<string>): Promise<Record<string, Measured>>
}
