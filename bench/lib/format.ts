// The one output format of the suite: a line per figure, the same figures in results.json. Kept free of
// anything else so the unit test can hold the runner to it.

export type Op = '<=' | '>=' | '<' | '>'

export interface Budget {
  op: Op
  target: number
}

export interface BenchResult {
  name: string
  value: number
  unit: string
  op: Op
  target: number
  pass: boolean
  /** every measured run, in order (the value is their median, or the percentile named in detail) */
  runs: number[]
  detail: string
}

export const LINE_PATTERN = /^BENCH \S+ [\d.]+ \S+ budget (<=|>=|<|>)[\d.]+ (PASS|FAIL)$/

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

export function formatLine(r: BenchResult): string {
  return `BENCH ${r.name} ${formatNumber(r.value)} ${r.unit} budget ${r.op}${formatTarget(r.target)} ${r.pass ? 'PASS' : 'FAIL'}`
}

/** A figure whose measurement threw: reported as a FAIL with the reason, never silently dropped. */
export function failedResult(name: string, unit: string, budget: Budget, error: unknown): BenchResult {
  const reason = error instanceof Error ? error.message : String(error)
  return { name, value: 0, unit, ...budget, pass: false, runs: [], detail: `error: ${reason.slice(0, 500)}` }
}
