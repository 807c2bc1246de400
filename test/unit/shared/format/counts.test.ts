// A count reads as a person says it: "1 token", never "1 tokens"; the number grouped as everywhere else.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { countText } from '../../../../src/shared/format'

describe('countText', () => {
  it('one is singular, every other count plural, and the number is the en-US grouping of the count', () => {
    fc.assert(
      fc.property(fc.nat({ max: 10_000_000 }), fc.constantFrom('token', 'chain', 'transfer'), (n, noun) => {
        const text = countText(n, noun)
        expect(text).toBe(`${n.toLocaleString('en-US')} ${n === 1 ? noun : `${noun}s`}`)
      })
    )
    expect(countText(1, 'token')).toBe('1 token')
    expect(countText(0, 'token')).toBe('0 tokens')
    expect(countText(1, 'entry', 'entries')).toBe('1 entry')
    expect(countText(1234, 'entry', 'entries')).toBe('1,234 entries')
  })
})
