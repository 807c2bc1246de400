// The bench runner's output cannot silently rot: a tiny run of three figures must print exactly the BENCH
// line format and write the same figures to its results file. (Generous limits: on a shared two-core machine
// the tiny run alone took over a minute.)
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { LINE_PATTERN as LINE } from '../../../bench/lib/format'
// in the order the runner measures them
const FIGURES = ['renderer_js_gzip_kb', 'decode_vs_native', 'cache_write_growth']

interface Result {
  name: string
  value: number
  unit: string
  op: string
  target: number
  pass: boolean
  verdict: string
  runs: number[]
  detail: string
}

it('prints one BENCH line per figure and writes the same figures to the results file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'bench-format-'))
  try {
    const out = join(dir, 'results.json')
    const run = spawnSync(process.execPath, ['scripts/bench.js', '--tiny', '--only', FIGURES.join(','), '--out', out], { encoding: 'utf8', timeout: 300_000 })
    const lines = run.stdout.split('\n').filter((l) => l !== '')
    expect(lines, run.stderr).toHaveLength(FIGURES.length)
    for (const line of lines) expect(line).toMatch(LINE)
    // Budgets may fail on a tiny workload (the exit code says so), but nothing may fail to be measured.
    expect([0, 1]).toContain(run.status)
    expect(run.stderr).not.toContain('[bench] failed')

    const results = JSON.parse(readFileSync(out, 'utf8')) as Result[]
    expect(results.map((r) => r.name)).toEqual(FIGURES)
    expect(run.status).toBe(results.some((r) => r.verdict === 'FAIL') ? 1 : 0)
    results.forEach((r, i) => {
      const m = /^BENCH (\S+) ([\d.]+) (\S+) runs \S+ budget (\S+) (PASS|FAIL|machine too noisy to judge)/.exec(lines[i] as string)
      expect(m, lines[i]).not.toBeNull()
      const [, name, value, unit, budget, said] = m as RegExpExecArray
      const verdict = said === 'machine too noisy to judge' ? 'NOISY' : said
      expect(r.name).toBe(name)
      expect(r.unit).toBe(unit)
      expect(`${r.op}${r.target.toFixed(1)}`).toBe(budget)
      expect(r.verdict).toBe(verdict)
      expect(r.pass).toBe(r.verdict === 'PASS')
      expect(Math.abs(r.value - Number(value))).toBeLessThan(0.1)
      expect(r.value).toBeGreaterThan(0)
      expect(r.runs.length).toBeGreaterThan(0)
      expect(r.detail).not.toBe('')
    })
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})
