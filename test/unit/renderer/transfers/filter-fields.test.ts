import { describe, expect, it } from 'vitest'
import { emptyFilterFields, filterOf, foldedActive, type StuckAt } from '../../../../src/renderer/src/lib/transfers/filter-fields'

const at: StuckAt = { now: 1_764_000_000_000, defaultMinutes: 120, routes: { '1-56': 10 } }

describe('filterOf', () => {
  it('empty inputs filter nothing', () => {
    expect(filterOf(emptyFilterFields(), at)).toEqual({})
  })
  it('maps every input, numbers as numbers and state 0 kept', () => {
    expect(filterOf({ text: ' 0xab ', token: 'USDT', fromChain: '56', toChain: '22776', state: '0', outcome: 'refunded', from: '2024-01-01', to: '2024-02-01' }, at)).toEqual({
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
  it('"stuck" — chosen as the outcome, or typed alone in the text filter — asks for the stuck transfers now, by the user\'s thresholds', () => {
    expect(filterOf({ ...emptyFilterFields(), outcome: 'stuck' }, at)).toEqual({ stuck: at })
    expect(filterOf({ ...emptyFilterFields(), text: ' Stuck ' }, at)).toEqual({ stuck: at })
    // what must not change: a word that only contains it is searched as text
    expect(filterOf({ ...emptyFilterFields(), text: 'unstuck' }, at)).toEqual({ text: 'unstuck' })
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
