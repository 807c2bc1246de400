// The worst outcome of a transfer's legs: what the table's column, the CLI's exit code and the watcher read.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { OUTCOME_ORDER, worstOutcome, contradictsService, type OutcomeKind } from '../../../src/shared/chain-check'

const kind = fc.constantFrom<OutcomeKind>(...OUTCOME_ORDER)
const rank = (k: OutcomeKind): number => OUTCOME_ORDER.indexOf(k)

describe('worstOutcome', () => {
  it('names every outcome once, the service contradicted last', () => {
    expect(new Set(OUTCOME_ORDER).size).toBe(7)
    // every outcome where the chain contradicts the service ranks above every one where it does not
    const contradicting = OUTCOME_ORDER.filter(contradictsService)
    const others = OUTCOME_ORDER.filter((k) => !contradictsService(k))
    expect(Math.min(...contradicting.map(rank))).toBeGreaterThan(Math.max(...others.map(rank)))
    expect(OUTCOME_ORDER.at(-1)).toBe('disagrees')
    expect(OUTCOME_ORDER[0]).toBe('confirmed')
  })

  it('is one of the legs, none worse, whatever their order; all confirmed reads confirmed', () => {
    fc.assert(
      fc.property(fc.array(kind, { minLength: 1, maxLength: 6 }), (kinds) => {
        const worst = worstOutcome(kinds)
        expect(kinds).toContain(worst)
        for (const k of kinds) expect(rank(k)).toBeLessThanOrEqual(rank(worst))
        expect(worstOutcome([...kinds].reverse())).toBe(worst)
      })
    )
    expect(worstOutcome(['confirmed', 'confirmed'])).toBe('confirmed')
  })

  it('a disagreeing leg is never hidden by another, and adding a leg never makes a row look better', () => {
    fc.assert(
      fc.property(fc.array(kind, { maxLength: 5 }), kind, (kinds, extra) => {
        expect(worstOutcome([...kinds, 'disagrees'])).toBe('disagrees')
        expect(rank(worstOutcome([...kinds, extra]))).toBeGreaterThanOrEqual(rank(worstOutcome(kinds)))
      })
    )
  })
})
