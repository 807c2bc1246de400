// Money counted the way a bridge moves it: the party's net movement of the identified token through the bridge
// in one receipt. Properties over any receipt's Transfer events: what cannot add to a delivery never does.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { bridgeMovement, type TokenMove } from '../../../../src/main/chain/evaluate'

const addr = (n: number): string => `0x${n.toString(16).padStart(40, '0')}`
const ZERO = addr(0)
const TOKEN = addr(0x70)
const OTHER = addr(0x71)
const BRIDGE = addr(0xb1)
const PARTY = addr(0xa1)
const STRANGER = addr(0xc1)
const who = fc.constantFrom(ZERO, BRIDGE, PARTY, STRANGER)
const move = fc.record({ token: fc.constantFrom(TOKEN, OTHER), from: who, to: who, value: fc.bigInt({ min: 0n, max: 10n ** 30n }) })
const roles = ['Source', 'Destination'] as const
const partyOf = (role: (typeof roles)[number]): { role: (typeof roles)[number]; sender: string | null; recipient: string | null } => ({
  role,
  sender: role === 'Source' ? PARTY : null,
  recipient: role === 'Destination' ? PARTY : null
})
const moved = (role: (typeof roles)[number], moves: TokenMove[]): bigint => bridgeMovement(partyOf(role), moves, TOKEN, [BRIDGE]).moved

describe('bridgeMovement', () => {
  it('counts a plain delivery from the bridge (or a mint) and a plain deposit to the bridge (or a burn)', () => {
    expect(moved('Destination', [{ token: TOKEN, from: BRIDGE, to: PARTY, value: 5n }])).toBe(5n)
    expect(moved('Destination', [{ token: TOKEN, from: ZERO, to: PARTY, value: 5n }])).toBe(5n)
    expect(moved('Source', [{ token: TOKEN, from: PARTY, to: BRIDGE, value: 7n }])).toBe(7n)
    expect(moved('Source', [{ token: TOKEN, from: PARTY, to: ZERO, value: 7n }])).toBe(7n)
  })

  it('a self-transfer, a refund-and-return, another token or a stranger’s payment never adds to what moved', () => {
    fc.assert(
      fc.property(fc.constantFrom(...roles), fc.array(move, { maxLength: 8 }), fc.bigInt({ min: 1n, max: 10n ** 30n }), (role, moves, v) => {
        const base = moved(role, moves)
        expect(base).toBeGreaterThanOrEqual(0n)
        // the party sending to itself
        expect(moved(role, [...moves, { token: TOKEN, from: PARTY, to: PARTY, value: v }])).toBe(base)
        // any move of another token
        expect(moved(role, [...moves, { token: OTHER, from: BRIDGE, to: PARTY, value: v }, { token: OTHER, from: PARTY, to: BRIDGE, value: v }])).toBe(base)
        // a stranger paying the recipient (the destination), or the sender paying a stranger (the source)
        expect(moved(role, [...moves, role === 'Destination' ? { token: TOKEN, from: STRANGER, to: PARTY, value: v } : { token: TOKEN, from: PARTY, to: STRANGER, value: v }])).toBeLessThanOrEqual(base)
        // the bridge paying and taking back the same amount (or the sender paying and being refunded)
        const roundTrip: TokenMove[] = [
          { token: TOKEN, from: BRIDGE, to: PARTY, value: v },
          { token: TOKEN, from: PARTY, to: BRIDGE, value: v }
        ]
        expect(moved(role, [...moves, ...roundTrip])).toBeLessThanOrEqual(base)
      })
    )
  })
})
