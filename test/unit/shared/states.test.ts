// State labels as MAP's own front-end names them, as defaults that stay editable.
import { describe, expect, it } from 'vitest'
import { defaultSettings, settingsSchema } from '../../../src/shared/schemas/settings'
import { notDelivered } from '../../../src/shared/states'
import { stateText } from '../../../src/shared/format'

describe('state labels', () => {
  it('a new install labels 0 Pending and 1 Complete; any other state reads Processing', () => {
    const labels = defaultSettings().labels.state
    expect(stateText(0, labels)).toBe('Pending (0)')
    expect(stateText(1, labels)).toBe('Complete (1)')
    expect(stateText(2, labels)).toBe('Processing (2)')
    expect(stateText(7, labels)).toBe('Processing (7)')
  })
  it("the user's labels win, and removing the default of 0 or 1 leaves the number alone", () => {
    expect(stateText(2, { '2': 'refunded' })).toBe('refunded (2)')
    expect(stateText(0, {})).toBe('State 0')
    expect(stateText(3, undefined)).toBe('Processing (3)')
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
