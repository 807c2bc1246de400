import { describe, expect, it } from 'vitest'
import { emptyFilterFields, filterOf, foldedActive } from '../../../../src/renderer/src/lib/transfers/filter-fields'

describe('filterOf', () => {
  it('empty inputs filter nothing', () => {
    expect(filterOf(emptyFilterFields())).toEqual({})
  })
  it('maps every input, numbers as numbers and state 0 kept', () => {
    expect(filterOf({ text: ' 0xab ', token: 'USDT', fromChain: '56', toChain: '22776', state: '0', outcome: 'refunded', from: '2024-01-01', to: '2024-02-01' })).toEqual({
      text: '0xab',
      token: 'USDT',
      fromChainId: 56,
      toChainId: 22776,
      state: 0,
      outcome: 'refunded',
      from: '2024-01-01',
      to: '2024-02-01'
    })
  })
})

describe('the Filters button count', () => {
  it('counts the filters folded into the panel that are set, not the text filter always in view', () => {
    expect(foldedActive(emptyFilterFields())).toBe(0)
    expect(foldedActive({ ...emptyFilterFields(), text: '0xab' })).toBe(0)
    // state 0 is a filter like any other
    expect(foldedActive({ ...emptyFilterFields(), state: '0', token: 'USDT', to: '2024-02-01' })).toBe(3)
  })
})
