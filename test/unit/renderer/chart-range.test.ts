import { describe, expect, it } from 'vitest'
import { compactNumber, rangeInput } from '../../../src/renderer/src/lib/chart-range'

describe('chart ranges', () => {
  it('turns a range into inclusive UTC days ending today', () => {
    const now = Date.UTC(2026, 0, 10, 23, 59)
    expect(rangeInput('7d', now)).toEqual({ from: '2026-01-04', to: '2026-01-10' })
    expect(rangeInput('30d', now)).toEqual({ from: '2025-12-12', to: '2026-01-10' })
    expect(rangeInput('all', now)).toEqual({})
  })
  it('writes compact axis numbers', () => {
    expect(compactNumber(1234)).toBe('1.2k')
    expect(compactNumber(5_600_000)).toBe('5.6M')
    expect(compactNumber(12.345)).toBe('12.35')
  })
})
