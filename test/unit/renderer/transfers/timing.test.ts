// How long a transfer took and whether it is stuck, read from the transfer model: rows built as main builds them,
// from a decoded record through transferOfRecord, so the rule is the one every view reads.
import { describe, expect, it } from 'vitest'
import { isStuck, legs, stuckMinutes, stuckWhy } from '../../../../src/renderer/src/lib/transfers/timing'
import { defaultSettings } from '../../../../src/shared/schemas/settings'
import { tableRow, type TableRow } from '../../../../src/shared/table-row'
import type { Outcome } from '../../../../src/shared/outcome'
import type { TransferRecord } from '../../../../src/shared/schemas/wire'

interface Over {
  timestamp?: string
  updatedAt?: string
  confirmHeight?: number
  state?: number
  outcome?: Outcome
  transferinHash?: string
}
const row = (over: Over = {}): TableRow => {
  const state = over.state ?? 1
  return tableRow({
    id: 1,
    hash: `0x${'a'.repeat(64)}`,
    from: `0x${'d'.repeat(40)}`,
    to: `0x${'e'.repeat(40)}`,
    relayerChainid: null,
    relayerHash: null,
    timestamp: over.timestamp ?? '2025-01-01 10:00:00',
    createdAt: over.timestamp ?? '2025-01-01 10:00:00',
    updatedAt: over.updatedAt ?? '2025-01-01 10:05:30',
    height: 100,
    confirmHeight: over.confirmHeight ?? 112,
    state,
    outcome: over.outcome ?? (state === 1 ? 'delivered' : 'in-flight'),
    type: 4,
    fromChainid: 1,
    toChainid: 56,
    amount: '1.000000',
    inAmount: '0.000000',
    tokenAddress: '0xc',
    stable: null,
    transferinHash: over.transferinHash ?? '',
    issues: [],
    fromChainObject: null,
    toChainObject: null,
    tokenObject: null
  } as unknown as TransferRecord)
}
const at = (text: string): number => Date.parse(text.replace(' ', 'T') + 'Z')

describe('legs', () => {
  it('measures send → receipt from the sent time to the last update, and confirmation in blocks', () => {
    const l = legs(row())
    expect(l.totalMs).toBe(330_000)
    expect(l.text).toBe('5 min 30 s')
    expect(l.confirmBlocks).toBe(12)
    expect(l.explain).toContain('12 blocks')
  })
  it('says — when it cannot be derived, and why', () => {
    expect(legs(row({ state: 0 })).text).toBe('—')
    expect(legs(row({ state: 0 })).explain).toContain('not received yet')
    expect(legs(row({ state: 2, transferinHash: `0x${'b'.repeat(64)}` })).explain).toContain('the service has not completed')
    expect(legs(row({ state: 6, outcome: 'refunded' })).explain).toContain('refunded')
    expect(legs(row({ updatedAt: 'garbage' })).totalMs).toBeNull()
    expect(legs(row({ updatedAt: '2025-01-01 09:00:00' })).totalMs).toBeNull()
    expect(legs(row({ confirmHeight: 0 })).confirmBlocks).toBeNull()
  })
})

describe('stuck', () => {
  const settings = defaultSettings()
  it('flags a pending transfer older than the default threshold (120 min)', () => {
    const pending = row({ state: 0 })
    expect(isStuck(pending, settings, at('2025-01-01 11:59:00'))).toBe(false)
    expect(isStuck(pending, settings, at('2025-01-01 12:01:00'))).toBe(true)
  })
  it('never flags a delivered transfer; every state in flight counts', () => {
    expect(isStuck(row(), settings, at('2026-01-01 00:00:00'))).toBe(false)
    expect(isStuck(row({ state: 3 }), settings, at('2026-01-01 00:00:00'))).toBe(true)
  })
  it('a transfer whose receive transaction exists while its service still has it in flight is stuck too, and says so', () => {
    const late = at('2026-01-01 00:00:00')
    const r = row({ state: 2, transferinHash: `0x${'b'.repeat(64)}` })
    expect(isStuck(r, settings, late)).toBe(true)
    expect(stuckWhy(r, settings)).toContain('receive transaction exists')
    expect(isStuck(row({ state: 1, transferinHash: '' }), settings, late)).toBe(false)
  })
  it('uses the route threshold when the user set one', () => {
    const s = { ...settings, stuckThresholds: { defaultMinutes: 120, routes: { '1-56': 10 } } }
    expect(stuckMinutes(s, 1, 56)).toBe(10)
    expect(stuckMinutes(s, 56, 1)).toBe(120)
    expect(stuckMinutes(null, 1, 56)).toBe(120)
    expect(isStuck(row({ state: 0 }), s, at('2025-01-01 10:11:00'))).toBe(true)
    expect(stuckWhy(row({ state: 0 }), s)).toContain('10 minutes')
  })
})

describe('stuck is for transfers in flight only', () => {
  const later = at('2025-03-01 10:00:00')
  it('a refund or a failure sent months ago is never stuck; the same record in flight is', () => {
    expect(isStuck(row({ state: 6, outcome: 'in-flight' }), defaultSettings(), later)).toBe(true)
    expect(isStuck(row({ state: 6, outcome: 'refunded' }), defaultSettings(), later)).toBe(false)
    expect(isStuck(row({ state: 6, outcome: 'failed' }), defaultSettings(), later)).toBe(false)
    expect(isStuck(row({ state: 6, outcome: 'unknown' }), defaultSettings(), later)).toBe(false)
  })
})
