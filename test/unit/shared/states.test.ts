// State words and outcomes: MAP's front-end's labels as editable defaults, each service's own word where it
// has one, and only a transfer in flight ever "not delivered" (so only it can be stuck).
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { defaultSettings, settingsSchema } from '../../../src/shared/schemas/settings'
import { notDelivered, outcomeOf } from '../../../src/shared/states'
import { stateText } from '../../../src/shared/format'
import { OUTCOMES } from '../../../src/shared/outcome'

const butter = (stateMeaning: string | null) => ({ dialect: 'butter' as const, amount: 'raw' as const, inAmount: 'raw' as const, stateMeaning, notProvided: [] })

describe('state labels', () => {
  it('a new install labels 0 Pending and 1 Complete; a state in flight the service has no word for reads Processing', () => {
    const labels = defaultSettings().labels.state
    expect(stateText({ state: 0, outcome: 'in-flight' }, labels)).toBe('Pending (0)')
    expect(stateText({ state: 1, outcome: 'delivered' }, labels)).toBe('Complete (1)')
    expect(stateText({ state: 2, outcome: 'in-flight' }, labels)).toBe('Processing (2)')
  })
  it('a state no source names reads Unknown with its number, never Processing', () => {
    const labels = defaultSettings().labels.state
    expect(stateText({ state: 7, outcome: 'unknown' }, labels)).toBe('Unknown (7)')
  })
  it("a service's own word is shown: Butter's refund is never \"Processing (6)\"", () => {
    const labels = defaultSettings().labels.state
    expect(stateText({ state: 6, outcome: 'refunded', origin: butter('Refund') }, labels)).toBe('Refund (6)')
    expect(stateText({ state: 4, outcome: 'failed', origin: butter('Incomplete') }, labels)).toBe('Incomplete (4)')
    expect(stateText({ state: 9, outcome: 'refunded', origin: butter(null) }, labels)).toBe('Refunded (9)')
  })
  it("the user's labels win, and removing the default of 0 or 1 leaves the number alone", () => {
    expect(stateText({ state: 2 }, { '2': 'refunded' })).toBe('refunded (2)')
    expect(stateText({ state: 6, outcome: 'refunded', origin: butter('Refund') }, { '6': 'money back' })).toBe('money back (6)')
    expect(stateText({ state: 0 }, {})).toBe('State 0')
    expect(stateText({ state: 3 }, undefined)).toBe('Processing (3)')
  })
  it("a settings file with the user's own labels keeps them (defaults fill only what is absent)", () => {
    const s = settingsSchema.parse({ ...defaultSettings(), labels: { state: { '0': 'queued' }, type: {} } })
    expect(s.labels.state).toEqual({ '0': 'queued' })
  })
})

describe('not yet delivered', () => {
  it('in flight together with no receive hash', () => {
    expect(notDelivered({ state: 0, outcome: 'in-flight' }, '')).toBe(true)
    expect(notDelivered({ state: 3, outcome: 'in-flight' }, null)).toBe(true)
    expect(notDelivered({ state: 0, outcome: 'in-flight' }, '0x12')).toBe(false)
    expect(notDelivered({ state: 1, outcome: 'delivered' }, '')).toBe(false)
  })
  it('a refund, a failure or an unknown state is never on its way, whatever its number and legs', () => {
    fc.assert(
      fc.property(fc.constantFrom('refunded' as const, 'failed' as const, 'unknown' as const, 'delivered' as const), fc.nat(100), fc.option(fc.string()), (outcome, state, hash) => {
        expect(notDelivered({ state, outcome }, hash)).toBe(false)
      })
    )
  })
  it('a record made by hand without an outcome reads as MAP front-end read states: 1 delivered, others on their way', () => {
    expect(outcomeOf({ state: 1 })).toBe('delivered')
    expect(outcomeOf({ state: 0 })).toBe('in-flight')
    fc.assert(fc.property(fc.constantFrom(...OUTCOMES), fc.nat(9), (outcome, state) => outcomeOf({ state, outcome }) === outcome))
  })
})
