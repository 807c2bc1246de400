// How the bench judges a figure: ratios run by run, the spread of a reference, and the verdict that refuses to
// judge on a reference that scattered too widely. Properties over any runs, since the bench meets every kind
// of machine.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { formatLine, LINE_PATTERN, type BenchResult } from '../../../bench/lib/format'
import { exitCode, judge, MIN_REFERENCE_RUNS, pairedRatios, spreadOf, type Verdict } from '../../../bench/lib/judge'

const positive = fc.double({ min: 0.01, max: 1e6, noNaN: true, noDefaultInfinity: true })
const runs = fc.array(positive, { minLength: 1, maxLength: 30 })
const budget = fc.record({ op: fc.constantFrom('<=' as const, '<' as const, '>=' as const, '>' as const), target: positive })

describe('pairedRatios', () => {
  it('divides each run by the reference measured beside it, as many as both sides have', () => {
    fc.assert(
      fc.property(runs, runs, (a, b) => {
        const r = pairedRatios(a, b)
        expect(r).toHaveLength(Math.min(a.length, b.length))
        r.forEach((x, i) => expect(x).toBeCloseTo((a[i] as number) / (b[i] as number), 9))
      })
    )
  })

  it('is unchanged when load slows both sides of every pair alike (what the ratio is for)', () => {
    fc.assert(
      fc.property(runs, runs, fc.array(fc.double({ min: 1, max: 10, noNaN: true }), { minLength: 30, maxLength: 30 }), (a, b, load) => {
        const slowed = pairedRatios(
          a.map((x, i) => x * (load[i] as number)),
          b.map((x, i) => x * (load[i] as number))
        )
        pairedRatios(a, b).forEach((x, i) => expect(slowed[i]).toBeCloseTo(x, 6))
      })
    )
  })

  it('gives no ratio against a reference of zero', () => {
    expect(pairedRatios([5, 6], [0, 2])).toEqual([3])
  })
})

describe('spreadOf', () => {
  it('reads 0 when every run is the same, and never a negative or a median outside min–max', () => {
    fc.assert(
      fc.property(positive, fc.integer({ min: 1, max: 20 }), (v, n) => {
        expect(spreadOf(Array.from({ length: n }, () => v)).rel).toBe(0)
      })
    )
    fc.assert(
      fc.property(runs, (r) => {
        const s = spreadOf(r)
        expect(s.rel).toBeGreaterThanOrEqual(0)
        expect(s.median).toBeGreaterThanOrEqual(s.min)
        expect(s.median).toBeLessThanOrEqual(s.max)
      })
    )
  })

  it('does not change when every run is scaled (it is relative)', () => {
    fc.assert(
      fc.property(runs, fc.double({ min: 0.1, max: 100, noNaN: true }), (r, k) => {
        expect(spreadOf(r.map((x) => x * k)).rel).toBeCloseTo(spreadOf(r).rel, 6)
      })
    )
  })

  it('ignores one wild run among many (interquartile, not min–max)', () => {
    const steady = [10, 10.2, 9.9, 10.1, 10, 9.8, 10.3]
    expect(spreadOf([...steady, 500]).rel).toBeLessThan(0.1)
  })
})

describe('judge', () => {
  it('passes or fails by the budget alone when there is no reference', () => {
    fc.assert(
      fc.property(positive, budget, (v, b) => {
        const j = judge(v, b)
        const within = b.op === '<=' ? v <= b.target : b.op === '<' ? v < b.target : b.op === '>=' ? v >= b.target : v > b.target
        expect(j.verdict).toBe(within ? 'PASS' : 'FAIL')
      })
    )
  })

  it('says the machine is too noisy, never PASS or FAIL, when the reference spread is wider than allowed', () => {
    fc.assert(
      fc.property(positive, budget, runs, fc.double({ min: 0, max: 2, noNaN: true }), (v, b, ref, max) => {
        const j = judge(v, b, { runs: ref, maxSpread: max })
        if (ref.length < MIN_REFERENCE_RUNS) {
          expect(j.verdict).toBe('NOISY')
          expect(j.reason).toMatch(/too few/)
        } else if (spreadOf(ref).rel > max) {
          expect(j.verdict).toBe('NOISY')
          expect(j.reason).toMatch(/reference spread \d+ % > \d+ %/)
        } else expect(j.verdict).toBe(judge(v, b).verdict)
      })
    )
  })

  it('cannot judge against a reference of fewer than three runs, whose spread is unknown', () => {
    for (const runs of [[], [5], [5, 5]]) expect(judge(1, { op: '<=', target: 2 }, { runs, maxSpread: 1 }).verdict).toBe('NOISY')
    expect(judge(1, { op: '<=', target: 2 }, { runs: [5, 5, 5], maxSpread: 1 }).verdict).toBe('PASS')
  })
})

describe('exitCode', () => {
  it('is 1 exactly when a judged figure failed; noisy figures count neither way', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom<Verdict>('PASS', 'FAIL', 'NOISY')), (vs) => {
        expect(exitCode(vs)).toBe(vs.includes('FAIL') ? 1 : 0)
      })
    )
  })
})

describe('the BENCH line', () => {
  const base: BenchResult = { name: 'filter_p95_vs_input', value: 1.5, unit: 'x', op: '<=', target: 2, pass: true, verdict: 'PASS', reason: '', runs: [1.4, 1.6], detail: 'd' }
  it('says "machine too noisy to judge" with the reason in place of the verdict', () => {
    const line = formatLine({ ...base, pass: false, verdict: 'NOISY', reason: 'reference spread 64 % > 50 %' })
    expect(line).toBe('BENCH filter_p95_vs_input 1.50 x runs 1.40–1.60 budget <=2.0 machine too noisy to judge (reference spread 64 % > 50 %)')
    expect(line).toMatch(LINE_PATTERN)
  })
  it('keeps every verdict in the one line format', () => {
    fc.assert(
      fc.property(positive, runs, fc.constantFrom<Verdict>('PASS', 'FAIL', 'NOISY'), (v, r, verdict) => {
        expect(formatLine({ ...base, value: v, runs: r, verdict, pass: verdict === 'PASS', reason: verdict === 'NOISY' ? 'reference spread 70 % > 50 %' : '' })).toMatch(LINE_PATTERN)
      })
    )
  })
})
