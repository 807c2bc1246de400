import { describe, expect, it } from 'vitest'
import { describeEpoch, epochValue, parseEpoch } from '../../../src/renderer/src/lib/epoch'

describe('parseEpoch', () => {
  it('accepts latest, decimal and hex and gives the canonical hex quantity', () => {
    expect(parseEpoch('latest')).toBe('latest')
    expect(parseEpoch(' LATEST ')).toBe('latest')
    expect(parseEpoch('')).toBe('latest')
    expect(parseEpoch('31')).toBe('0x1f')
    expect(parseEpoch('0x1F')).toBe('0x1f')
    expect(parseEpoch('0x001f')).toBe('0x1f')
    expect(parseEpoch('0')).toBe('0x0')
    expect(parseEpoch('18446744073709551617')).toBe('0x10000000000000001')
  })
  it('refuses anything else', () => {
    for (const bad of ['-1', '1.5', '0x', '0xg1', 'abc', '1e3', '0x' + 'f'.repeat(65)]) expect(parseEpoch(bad)).toBeNull()
  })
})

describe('epochValue', () => {
  it('reads numbers, decimal text and hex text', () => {
    expect(epochValue(5)).toBe(5n)
    expect(epochValue('0x10')).toBe(16n)
    expect(epochValue('12')).toBe(12n)
    expect(epochValue(-1)).toBeNull()
    expect(epochValue(1.5)).toBeNull()
    expect(epochValue('latest')).toBeNull()
    expect(epochValue(null)).toBeNull()
  })
  it('describes an epoch in hex and decimal', () => {
    expect(describeEpoch(31n)).toBe('0x1f (31)')
  })
})
