// What a Transfers row says and how much room it asks for: the texts the table draws are the ones it sizes
// its columns by, so a column is never narrower than what it shows.
import { describe, expect, it } from 'vitest'
import { tableRow, type TableRow } from '../../../../src/shared/table-row'
import type { TransferRecord } from '../../../../src/shared/schemas/wire'
import { rowTexts, seenOf } from '../../../../src/renderer/src/lib/transfers/row-texts'
import { defaultSettings } from '../../../../src/shared/schemas/settings'
import { NOT_PROVIDED, STATE_NOT_PROVIDED } from '../../../../src/shared/schemas/origin'

const chain = (chainName: string) => ({ chainName, chainImg: '', scanUrl: '' })
/** a row as main makes it: a decoded record, through the transfer model */
const row = (over: Partial<TransferRecord> | Record<string, unknown> = {}): TableRow =>
  tableRow({
    id: 7,
    orderId: null,
    from: `0x${'d'.repeat(40)}`,
    to: `0x${'e'.repeat(40)}`,
    relayerChainid: null,
    relayerHash: null,
    hash: `0x${'a'.repeat(64)}`,
    transferinHash: `0x${'b'.repeat(64)}`,
    timestamp: '2026-11-20 10:00:00',
    createdAt: '2026-11-20 10:00:00',
    updatedAt: '2026-11-20 10:00:49',
    height: 1,
    confirmHeight: 2,
    state: 1,
    type: 4,
    fromChainid: 1,
    toChainid: 56,
    amount: '12345678901234567890123.000000',
    inAmount: '12345678901234567890000.000000',
    tokenAddress: `0x${'c'.repeat(40)}`,
    stable: { symbol: 'USDT', field: 'usdtValume', value: '43534.070000' },
    received: { decimals: 18, symbol: 'WETH' },
    issues: [],
    fromChainObject: chain('Ethereum'),
    toChainObject: chain('BNB Smart Chain'),
    tokenObject: { symbol: 'WETH', decimal: 18 },
    ...over
  } as unknown as TransferRecord)

const labels = defaultSettings().labels
const measure = (t: string): number => t.length * 8

describe('a row’s texts', () => {
  it('says every amount whole, a raw one marked, and the state with its number and label', () => {
    const t = rowTexts(row(), labels)
    expect(t.amount).toBe('12,345.678901234567890123')
    expect(t.received).toBe('12,345.67890123456789')
    expect(t.stable).toBe('43,534.07 USDT')
    expect(t.state).toBe('Complete (1)')
    expect([t.stateNum, t.stateLabel]).toEqual(['1', 'Complete'])
    expect(t.route).toBe('Ethereum → BNB Smart Chain')
    const raw = rowTexts(row({ received: null }), labels)
    expect(raw.received).toBe('12345678901234567890000.000000 (raw)')
    expect(raw.receivedRaw).toBe(true)
  })

  it('is worked out once per row and again when the labels change', () => {
    const r = row()
    expect(rowTexts(r, labels)).toBe(rowTexts(r, labels))
    const renamed = { ...labels, state: { '1': 'Delivered' } }
    expect(rowTexts(r, renamed).state).toBe('Delivered (1)')
  })
})

describe('the room rows ask for', () => {
  it('amount columns: the longest text of any row, in characters', () => {
    const rows = [row(), row({ amount: '1500000.000000', tokenObject: { symbol: 'USDT', decimal: 6 } }), row({ received: null })].map((r) => ({
      texts: rowTexts(r, labels),
      stuck: false,
      issues: false
    }))
    const seen = seenOf(rows, measure)
    expect(seen.amount).toBe('12,345.678901234567890123'.length)
    expect(seen.received).toBe('12345678901234567890000.000000 (raw)'.length)
    expect(seen.stable).toBe('43,534.07 USDT'.length)
  })

  it('a stuck mark widens the state, a decode-issue mark the token', () => {
    const t = rowTexts(row(), labels)
    const plain = seenOf([{ texts: t, stuck: false, issues: false }], measure)
    const marked = seenOf([{ texts: t, stuck: true, issues: true }], measure)
    expect(marked.state).toBeGreaterThan(plain.state)
    expect(marked.stateLabel).toBeGreaterThan(plain.stateLabel)
    expect(marked.token).toBeGreaterThan(plain.token)
    // the label alone is narrower than number and label
    expect(plain.stateLabel).toBeLessThan(plain.state)
  })
})

describe('unknown is written as unknown', () => {
  it("a pending row's Received says not received yet, never 0; its state reads label first", () => {
    const t = rowTexts(row({ state: 0, outcome: 'in-flight', transferinHash: '', inAmount: '0' }), labels)
    expect(t.received).toBe('not received yet')
    expect(t.receivedUnknown).toBe(true)
    expect(t.state).toBe('Pending (0)')
    expect(t.type).toBe('Type 4')
  })
  it('a stable value always has two decimals', () => {
    expect(rowTexts(row({ stable: { symbol: 'USDT', field: 'usdtValume', value: '7' } }), labels).stable).toBe('7.00 USDT')
  })
})

describe('a row from a service that gives no amounts, tokens or state (MAP’s Bridge Scan history)', () => {
  const scan = (over: Partial<TransferRecord> = {}): TableRow =>
    row({
      state: STATE_NOT_PROVIDED,
      tokenObject: null,
      tokenAddress: '',
      amount: '0',
      inAmount: '0',
      stable: null,
      received: null,
      type: 0,
      origin: { dialect: 'mapscan', amount: 'absent', inAmount: 'absent', stateMeaning: null, notProvided: ['amount', 'inAmount', 'tokenObject', 'tokenAddress', 'stable', 'type', 'state'] },
      ...over
    })

  it('says "not provided by this service" for the token, both amounts, the state and the type — never 0, never a default label', () => {
    for (const delivered of [true, false]) {
      // as Bridge Scan's decoder reads a history without states: delivered when its destination is named
      const t = rowTexts(scan(delivered ? { outcome: 'delivered' } : { transferinHash: '', outcome: 'unknown' }), labels)
      expect([t.token, t.amount, t.received, t.type]).toEqual([NOT_PROVIDED, NOT_PROVIDED, NOT_PROVIDED, NOT_PROVIDED])
      expect(t.stateLabel).toBeNull()
      expect(t.state).toBe(`State ${NOT_PROVIDED}`)
      expect(t.receivedUnknown).toBe(!delivered)
    }
  })

  it('what must not change: a row of ours with the same placeholders keeps its words (no origin: our own service)', () => {
    const t = rowTexts(row({ tokenObject: null, type: 0, state: 3 }), labels)
    expect(t.token).toBe('0xcccccc…cccc')
    expect(t.type).toBe('Type 0')
    expect(t.state).toBe('Processing (3)')
  })
})
