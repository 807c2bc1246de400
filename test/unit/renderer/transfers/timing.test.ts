import { describe, expect, it } from 'vitest'
import { isStuck, legs, stuckMinutes } from '../../../../src/renderer/src/lib/transfers/timing'
import { defaultSettings } from '../../../../src/shared/schemas/settings'

const base = {
  timestamp: '2025-01-01 10:00:00',
  createdAt: '2025-01-01 10:00:00',
  updatedAt: '2025-01-01 10:05:30',
  height: 100,
  confirmHeight: 112,
  state: 1,
  fromChainid: 1,
  toChainid: 56,
  transferinHash: ''
}
const at = (text: string): number => Date.parse(text.replace(' ', 'T') + 'Z')

describe('legs', () => {
  it('measures send → receipt from timestamp to updatedAt and confirmation in blocks', () => {
    const l = legs(base)
    expect(l.totalMs).toBe(330_000)
    expect(l.text).toBe('5 min 30 s')
    expect(l.confirmBlocks).toBe(12)
    expect(l.explain).toContain('12 blocks')
  })
  it('says — when it cannot be derived', () => {
    expect(legs({ ...base, state: 0 }).text).toBe('—')
    expect(legs({ ...base, state: 0 }).explain).toContain('not received yet')
    expect(legs({ ...base, updatedAt: 'garbage' }).totalMs).toBeNull()
    expect(legs({ ...base, updatedAt: '2025-01-01 09:00:00' }).totalMs).toBeNull()
    expect(legs({ ...base, confirmHeight: 0 }).confirmBlocks).toBeNull()
  })
})

describe('stuck', () => {
  const settings = defaultSettings()
  it('flags a pending transfer older than the default threshold (120 min)', () => {
    const pending = { ...base, state: 0 }
    expect(isStuck(pending, settings, at('2025-01-01 11:59:00'))).toBe(false)
    expect(isStuck(pending, settings, at('2025-01-01 12:01:00'))).toBe(true)
  })
  it('never flags the completed state, and counts other states as pending', () => {
    expect(isStuck(base, settings, at('2026-01-01 00:00:00'))).toBe(false)
    expect(isStuck({ ...base, state: 3 }, settings, at('2026-01-01 00:00:00'))).toBe(true)
  })
  it('not yet delivered is "state ≠ 1 and no receive hash": a receive hash means delivered, whatever the state', () => {
    const late = at('2026-01-01 00:00:00')
    expect(isStuck({ ...base, state: 0, transferinHash: '0xabc' }, settings, late)).toBe(false)
    expect(isStuck({ ...base, state: 2, transferinHash: '' }, settings, late)).toBe(true)
    expect(isStuck({ ...base, state: 1, transferinHash: '' }, settings, late)).toBe(false)
  })
  it('uses the route threshold when the user set one', () => {
    const s = { ...settings, stuckThresholds: { defaultMinutes: 120, routes: { '1-56': 10 } } }
    expect(stuckMinutes(s, 1, 56)).toBe(10)
    expect(stuckMinutes(s, 56, 1)).toBe(120)
    expect(stuckMinutes(null, 1, 56)).toBe(120)
    expect(isStuck({ ...base, state: 0 }, s, at('2025-01-01 10:11:00'))).toBe(true)
  })
})

describe('stuck is for transfers in flight only', () => {
  const old = { ...base, state: 6, timestamp: '2025-01-01 10:00:00', transferinHash: '' }
  const later = at('2025-03-01 10:00:00')
  it('a refund or a failure sent months ago is never stuck; the same record in flight is', () => {
    expect(isStuck({ ...old, outcome: 'in-flight' }, defaultSettings(), later)).toBe(true)
    expect(isStuck({ ...old, outcome: 'refunded' }, defaultSettings(), later)).toBe(false)
    expect(isStuck({ ...old, outcome: 'failed' }, defaultSettings(), later)).toBe(false)
    expect(isStuck({ ...old, outcome: 'unknown' }, defaultSettings(), later)).toBe(false)
  })
})

