// What a benchmark is: one or more figures, each with a unit and a budget, measured together because they
// share an expensive set-up (a browser with 100,000 rows loaded gives four figures).
import type { Budget } from './format'

export interface BenchContext {
  /** a few-second workload for the format test; figures are not meaningful */
  tiny: boolean
  /** repository root (out/ and bench/ are under it) */
  root: string
  log: (message: string) => void
}

export interface Measured {
  value: number
  runs: number[]
  detail: string
}

export interface Figure {
  name: string
  unit: string
  budget: Budget
}

export interface Bench {
  figures: Figure[]
  /**
   * runs alongside the others instead of after them: only for a figure that measures a process's own CPU
   * time while it sits idle, which other load does not change (and which adds no load of its own)
   */
  background?: boolean
  /**
   * measured before the background figures start: a ratio of two CPU times that the start-up of their
   * processes (a demo network, three simulators) skewed, one side more than the other (decode_vs_native
   * read 1.51 beside them, 1.30 without)
   */
  quiet?: boolean
  /** measures the wanted figures (a subset of `figures`); a figure left out of the answer is reported as failed */
  run(ctx: BenchContext, wanted: ReadonlySet<string>): Promise<Record<string, Measured>>
}
