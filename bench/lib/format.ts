// The one output format of the suite: a line per figure, the same figures in results.json. Kept free of
// anything else so the unit test can hold the runner to it.

export type Op = '<=' | '>=' | '<' | '>'

export interface Budget {
  op: Op
  target: number
}

/** A wall-clock quantity shown beside a ratio figure, as information: the program's, or its reference's. */
export interface Side {
  value: number
  unit: string
  runs: number[]
  /** interquartile range ÷ median of the runs */
  spread: number
  what: string
}

export interface BenchResult {
  name: string
  value: number
  unit: string
  op: Op
  target: number
  /** verdict === 'PASS' (kept for readers of results.json written before verdicts) */
  pass: boolean
  /** NOISY: the reference scattered too widely for the figure to be judged; it counts neither way */
  verdict: 'PASS' | 'FAIL' | 'NOISY'
  /** why NOISY, else '' */
  reason: string
  /** every measured run, in order (the value is their median, or the percentile named in detail) */
  runs: number[]
  detail: string
  /** for a ratio figure: the program's own wall-clock figure, and the reference it was divided by */
  absolute?: Side
  reference?: Side
}

export const NOISY_TEXT = 'machine too noisy to judge'

export const LINE_PATTERN =
  /^BENCH \S+ [\d.]+ \S+ runs [\d.]+–[\d.]+ budget (<=|>=|<|>)[\d.]+ (PASS|FAIL|machine too noisy to judge \([^)]*\))(; absolute [\d.]+ \S+ runs [\d.]+–[\d.]+; reference [\d.]+ \S+ spread \d+ %)?$/

export function meets(value: number, budget: Budget): boolean {
  if (!Number.isFinite(value)) return false
  switch (budget.op) {
    case '<=':
      return value <= budget.target
    case '>=':
      return value >= budget.target
    case '<':
      return value < budget.target
    case '>':
      return value > budget.target
  }
}

/** Two decimals below 100, one above: enough to see a change, never an exponent or a sign. */
export function formatNumber(value: number): string {
  if (!Number.isFinite(value) || value < 0) return '0'
  return value < 100 ? value.toFixed(2) : value.toFixed(1)
}

function formatTarget(target: number): string {
  return Number.isInteger(target) ? target.toFixed(1) : String(target)
}

function verdictText(r: Pick<BenchResult, 'verdict' | 'reason'>): string {
  return r.verdict === 'NOISY' ? `${NOISY_TEXT} (${r.reason})` : r.verdict
}

function runsText(runs: readonly number[], value: number): string {
  return runs.length ? `${formatNumber(Math.min(...runs))}–${formatNumber(Math.max(...runs))}` : `${formatNumber(value)}–${formatNumber(value)}`
}

/**
 * One line per figure: the judged value (a ratio for a wall-clock figure) with the range of its runs, the
 * budget and the verdict; for a ratio, the absolute figure and the reference as information.
 */
export function formatLine(r: BenchResult): string {
  const head = `BENCH ${r.name} ${formatNumber(r.value)} ${r.unit} runs ${runsText(r.runs, r.value)} budget ${r.op}${formatTarget(r.target)} ${verdictText(r)}`
  if (!r.absolute || !r.reference) return head
  const a = r.absolute
  const ref = r.reference
  return `${head}; absolute ${formatNumber(a.value)} ${a.unit} runs ${runsText(a.runs, a.value)}; reference ${formatNumber(ref.value)} ${ref.unit} spread ${Math.round(100 * (Number.isFinite(ref.spread) ? ref.spread : 0))} %`
}

/** A figure whose measurement threw: reported as a FAIL with the reason, never silently dropped. */
export function failedResult(name: string, unit: string, budget: Budget, error: unknown): BenchResult {
  const reason = error instanceof Error ? error.message : String(error)
  return { name, value: 0, unit, ...budget, pass: false, verdict: 'FAIL', reason: '', runs: [], detail: `error: ${reason.slice(0, 500)}` }
}
