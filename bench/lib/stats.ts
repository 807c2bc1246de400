// Medians and percentiles over measured runs, and the warm-up-then-measure loop every figure uses.
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'

export function median(values: readonly number[]): number {
  return percentile(values, 50)
}

/** Nearest-rank percentile (p in 0..100) of the values; NaN for none. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN
  const sorted = [...values].sort((a, b) => a - b)
  const rank = Math.ceil((p / 100) * sorted.length)
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))] as number
}

let gcFn: (() => void) | null | undefined
/** A full collection before a timed run, so one run does not pay for the garbage of the one before. */
export function collectGarbage(): void {
  if (gcFn === undefined) {
    try {
      setFlagsFromString('--expose-gc')
      gcFn = runInNewContext('gc') as () => void
    } catch {
      gcFn = null
    }
  }
  gcFn?.()
}

export interface Timed {
  /** per measured run */
  runs: number[]
  median: number
}

/** Runs `fn` `warmup` times unmeasured, then `runs` times measured (ms, wall clock, GC before each). */
export async function timeRuns(fn: () => unknown, warmup: number, runs: number): Promise<Timed> {
  for (let i = 0; i < warmup; i++) await fn()
  const out: number[] = []
  for (let i = 0; i < runs; i++) {
    collectGarbage()
    const t0 = performance.now()
    await fn()
    out.push(performance.now() - t0)
  }
  return { runs: out, median: median(out) }
}

export function round(value: number, digits = 2): number {
  const f = 10 ** digits
  return Math.round(value * f) / f
}

/**
 * Two measurements compared run by run: each `warmup` times unmeasured, then `runs` pairs, alternating which
 * of the two goes first so that a spell of load on the machine, or one side's after-effects (an fsync still
 * being written back), fall on both alike. Answers the pairs, [a, b] each, in run order.
 */
export async function alternating<T>(a: () => Promise<T>, b: () => Promise<T>, warmup: number, runs: number): Promise<[T, T][]> {
  for (let i = 0; i < warmup; i++) {
    await a()
    await b()
  }
  const pairs: [T, T][] = []
  for (let i = 0; i < runs; i++) {
    if (i % 2 === 0) {
      const x = await a()
      pairs.push([x, await b()])
    } else {
      const y = await b()
      pairs.push([await a(), y])
    }
  }
  return pairs
}

/**
 * Interleaved pairs taken `size` at a time (the last group may be short), each group giving the least of each
 * side by `cost`: a measurement whose disturbances only ever add to it, read as the least of a few tries.
 */
export function leastOfGroups<T>(pairs: readonly (readonly [T, T])[], size: number, cost: (x: T) => number): [T, T][] {
  if (!Number.isInteger(size) || size < 1) throw new Error(`a group holds at least one pair, not ${size}`)
  const least = (xs: T[]): T => xs.reduce((a, b) => (cost(b) < cost(a) ? b : a))
  const out: [T, T][] = []
  for (let i = 0; i < pairs.length; i += size) {
    const group = pairs.slice(i, i + size)
    out.push([least(group.map(([a]) => a)), least(group.map(([, b]) => b))])
  }
  return out
}
