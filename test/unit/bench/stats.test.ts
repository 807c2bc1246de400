// The least of a few interleaved tries, as the decode figures read each run.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { leastOfGroups } from '../../../bench/lib/stats'

const pairs = fc.array(fc.tuple(fc.double({ min: 0, max: 1e6, noNaN: true }), fc.double({ min: 0, max: 1e6, noNaN: true })), { maxLength: 40 })
const id = (x: number): number => x

describe('leastOfGroups', () => {
  it('gives each group the least of each side, one pair a group', () => {
    fc.assert(
      fc.property(pairs, fc.integer({ min: 1, max: 6 }), (ps, size) => {
        const out = leastOfGroups(ps, size, id)
        expect(out).toHaveLength(Math.ceil(ps.length / size))
        out.forEach(([a, b], g) => {
          const group = ps.slice(g * size, g * size + size)
          expect(a).toBe(Math.min(...group.map(([x]) => x)))
          expect(b).toBe(Math.min(...group.map(([, y]) => y)))
        })
      })
    )
  })

  it('leaves single tries as they were, in their order', () => {
    fc.assert(
      fc.property(pairs, (ps) => {
        expect(leastOfGroups(ps, 1, id)).toEqual(ps)
      })
    )
  })

  it('keeps the tried object, not only its cost', () => {
    const tries: [{ ms: number; n: string }, { ms: number; n: string }][] = [
      [{ ms: 5, n: 'a1' }, { ms: 9, n: 'b1' }],
      [{ ms: 3, n: 'a2' }, { ms: 11, n: 'b2' }],
      [{ ms: 4, n: 'a3' }, { ms: 2, n: 'b3' }]
    ]
    expect(leastOfGroups(tries, 3, (x) => x.ms)).toEqual([[{ ms: 3, n: 'a2' }, { ms: 2, n: 'b3' }]])
  })

  it('refuses a group of no pairs', () => {
    expect(() => leastOfGroups([[1, 2]], 0, id)).toThrow(/at least one pair, not 0/)
  })
})
