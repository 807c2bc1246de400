// One rule for a row's word: whatever order the legs come in, whichever dialect named them, a contradiction is
// never hidden by a better leg, a transfer on its way says which leg it awaits, and only all-confirmed legs
// read Confirmed. The table's cell and the Transfer view read this one function.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { ChainOutcome } from '../../../src/shared/chain-check'
import { contradictsService, verdictOf } from '../../../src/shared/chain-check'
import { CELL_WORDS, WORD_KINDS, allCellWords, chainWordOf, legWordKind, rowCheckOf, wordTone, type LegVerdict, type WordKind } from '../../../src/shared/chain-word'
import type { LegRole } from '../../../src/shared/transfer-legs'

const proven = { block: 7, blockHash: '0x07', blockTime: 1_700_000_000, confirmations: 12 }
const OUTCOMES: readonly ChainOutcome[] = [
  { kind: 'confirmed', unclaimedAmount: null, ...proven },
  { kind: 'pending' },
  { kind: 'reverted', ...proven },
  { kind: 'not-found' },
  { kind: 'disagrees', block: 7, blockHash: '0x07', blockTime: null, confirmations: 3, differences: [{ field: 'amount', service: '1 T', chain: '2 T' }] },
  { kind: 'wrong-chain', expected: 1, answered: 2 },
  { kind: 'cannot-check', reason: 'no RPC known for chain 1' }
]
const ROLES: readonly LegRole[] = ['Source', 'Relayer', 'Destination']
const rank = (k: WordKind): number => WORD_KINDS.indexOf(k)

const legOf = (role: LegRole, outcome: ChainOutcome, named = true): LegVerdict => ({ role, hash: named ? `0x${'ab'.repeat(32)}` : null, outcome, reorg: null })
const legArb: fc.Arbitrary<LegVerdict> = fc
  .tuple(fc.constantFrom(...ROLES), fc.constantFrom(...OUTCOMES), fc.boolean())
  // a leg with no transaction named is one the checker could not ask about
  .map(([role, outcome, named]) => legOf(role, named ? outcome : { kind: 'cannot-check', reason: 'the service names no transaction for this leg yet' }, named))
/** a transfer's legs: each role at most once, as a check gives them */
const legsArb = fc.uniqueArray(legArb, { minLength: 1, maxLength: 3, selector: (l) => l.role })

describe('chainWordOf', () => {
  it('the order of the legs never changes the word', () => {
    fc.assert(
      fc.property(legsArb, (legs) => {
        const word = chainWordOf(legs)
        expect(chainWordOf([...legs].reverse())).toEqual(word)
        for (let i = 1; i < legs.length; i++) expect(chainWordOf([...legs.slice(i), ...legs.slice(0, i)])).toEqual(word)
      })
    )
  })

  it('adding a worse leg never makes the word better; a contradicting leg is never hidden', () => {
    fc.assert(
      fc.property(legsArb, legArb, (legs, extra) => {
        if (legs.some((l) => l.role === extra.role)) return
        const before = chainWordOf(legs)
        const after = chainWordOf([...legs, extra])
        expect(rank(after.kind)).toBeGreaterThanOrEqual(rank(before.kind))
        if (rank(legWordKind(extra)) > rank(before.kind)) expect(after.kind).toBe(legWordKind(extra))
        if (contradictsService(extra.outcome.kind)) expect(['reverted', 'not-found', 'disagrees']).toContain(after.kind)
      })
    )
  })

  it('reads as contradicted exactly when a leg contradicts the service: when the Transfer view raises its banner', () => {
    fc.assert(
      fc.property(legsArb, (legs) => {
        const contradicted = legs.some((l) => contradictsService(l.outcome.kind))
        expect(wordTone(chainWordOf(legs).kind) === 'bad').toBe(contradicted)
      })
    )
  })

  it('says Confirmed exactly when every leg confirms, as the verdict says verified', () => {
    fc.assert(
      fc.property(legsArb, (legs) => {
        const word = chainWordOf(legs)
        const all = legs.every((l) => l.outcome.kind === 'confirmed')
        expect(word.kind === 'confirmed').toBe(all)
        expect(verdictOf({ legs: legs.map((l) => ({ ...l, chainId: 1, chainName: 'A', rpc: null, rpcSource: null, checkedAt: 0, cached: false })), question: null }) === 'verified').toBe(all)
        if (all) {
          expect(word.word).toBe('Confirmed')
          expect(word.leg).toBeNull()
        }
      })
    )
  })

  it('a transfer on its way names the first leg it awaits along the route, the same words whichever legs the service names', () => {
    const confirmed = OUTCOMES[0]!
    const none = { kind: 'cannot-check', reason: 'the service names no transaction for this leg yet' } as const
    // a service that names its relay leg, and one that does not: the destination is awaited either way
    const withRelay = chainWordOf([legOf('Source', confirmed), legOf('Relayer', confirmed), legOf('Destination', none, false)])
    const without = chainWordOf([legOf('Destination', none, false), legOf('Source', confirmed)])
    expect(withRelay.word).toBe('Awaits dest')
    expect(without.word).toBe('Awaits dest')
    expect(without.leg).toBe('Destination')
    // the chain has the relay's transaction but has not mined it: the relay is what the transfer awaits
    expect(chainWordOf([legOf('Destination', none, false), legOf('Relayer', { kind: 'pending' }), legOf('Source', confirmed)]).word).toBe('Awaits relay')
    // a leg that could not be checked does not hide what is known: the transfer awaits its destination
    expect(chainWordOf([legOf('Source', OUTCOMES[6]!), legOf('Destination', none, false)]).kind).toBe('awaiting')
    // and a contradiction is said over a leg still to come
    expect(chainWordOf([legOf('Source', OUTCOMES[2]!), legOf('Destination', none, false)]).word).toBe('Reverted')
  })

  it('its evidence is the deciding leg’s, and a row check carries the same word', () => {
    const legs = [legOf('Source', OUTCOMES[0]!), legOf('Destination', OUTCOMES[4]!)]
    const word = chainWordOf(legs)
    expect(word.text).toMatch(/^Destination: Disagrees: amount — service 1 T, chain 2 T/)
    expect(rowCheckOf({ txHash: '0x01', legs: legs.map((l) => ({ ...l, chainId: 1, chainName: 'A', rpc: null, rpcSource: null, checkedAt: 0, cached: false })), question: null })).toEqual({ txHash: '0x01', word, text: word.text })
    // a record about something else: the service contradicts itself, whatever its legs
    expect(chainWordOf(legs, { field: 'source hash', asked: '0x01', answered: '0x02' }).kind).toBe('disagrees')
    expect(chainWordOf([], { field: 'order id', asked: '9', answered: null }).kind).toBe('cannot-check')
  })

  it('every word fits the column: full words in 12 characters, short ones in 6', () => {
    const words = allCellWords()
    expect(words).toContainEqual(expect.objectContaining(CELL_WORDS.off))
    for (const w of words) {
      expect(w.word.length, w.word).toBeLessThanOrEqual(12)
      expect(w.short.length, w.short).toBeLessThanOrEqual(6)
    }
  })
})
