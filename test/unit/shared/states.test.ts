// State labels as MAP's own front-end names them, as defaults that stay editable.
import { describe, expect, it } from 'vitest'
import { defaultSettings, settingsSchema } from '../../../src/shared/schemas/settings'
import { notDelivered, stateText } from '../../../src/shared/states'

describe('state labels', () => {
  it('a new install labels 0 Pending and 1 Complete; any other state reads Processing', () => {
    const labels = defaultSettings().labels.state
    expect(stateText(0, labels)).toBe('0 (Pending)')
    expect(stateText(1, labels)).toBe('1 (Complete)')
    expect(stateText(2, labels)).toBe('2 (Processing)')
    expect(stateText(7, labels)).toBe('7 (Processing)')
  })
  it("the user's labels win, and removing the default of 0 or 1 leaves the number alone", () => {
    expect(stateText(2, { '2': 'refunded' })).toBe('2 (refunded)')
    expect(stateText(0, {})).toBe('0')
    expect(stateText(3, undefined)).toBe('3 (Processing)')
  })
  it("a settings file with the user's own labels keeps them (defaults fill only what is absent)", () => {
    const s = settingsSchema.parse({ ...defaultSettings(), labels: { state: { '0': 'queued' }, type: {} } })
    expect(s.labels.state).toEqual({ '0': 'queued' })
  })
  it('not yet delivered: state ≠ 1 together with no receive hash', () => {
    expect(notDelivered(0, '')).toBe(true)
    expect(notDelivered(3, null)).toBe(true)
    expect(notDelivered(0, '0x12')).toBe(false)
    expect(notDelivered(1, '')).toBe(false)
  })
})
