// @vitest-environment jsdom
// history:rows sends the table's row, not the whole record (table-row.ts). What must not change: every field
// the table reads is the record's own, and the table draws exactly the same rows from either.
import { fireEvent, render } from '@testing-library/svelte'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import TransfersTable from '../../../src/renderer/src/components/transfers/TransfersTable.svelte'
import { BridgeClient } from '../../../src/main/client/mcs/client'
import { startSimulator, type Simulator } from '../../support/simulator'
import type { TransferRecord } from '../../../src/shared/schemas/wire'
import { tableRow, type TableRow } from '../../../src/shared/table-row'

let sim: Simulator
let records: TransferRecord[] = []

beforeAll(async () => {
  sim = await startSimulator({ seed: 11, transfers: 3000, rotateEveryMs: null })
  const top = sim.sample().addresses[0]!
  const page = await new BridgeClient({ baseUrl: sim.baseUrl, maxPageSize: 100 }).queryHistory({ address: top.address, chainId: top.chainId, pageNo: 1, pageSize: 60 })
  const base = page.list
  // what the service and main may also hand over: undecodable details, no receive hash, decode issues,
  // stuck transfers, the received token known or not
  const odd: ((r: TransferRecord) => TransferRecord)[] = [
    (r) => ({ ...r, fromChainObject: null, tokenObject: null, issues: [{ field: 'fromChain', reason: 'not JSON', raw: '{' }] }),
    (r) => ({ ...r, transferinHash: '', state: 0, timestamp: '2020-01-01 00:00:00' }),
    (r) => ({ ...r, received: { decimals: 6, symbol: 'USDT' } }),
    (r) => ({ ...r, received: null, stable: null }),
    (r) => ({ ...r, toChainObject: r.toChainObject && { ...r.toChainObject, scanUrl: 'javascript:alert(1)', chainImg: '' } })
  ]
  records = [...base, ...base.slice(0, 20).flatMap((r) => odd.map((f) => f(structuredClone(r))))]
})
afterAll(() => sim.close())

describe('the table row history:rows sends', () => {
  it('keeps each field the table reads exactly as in the record, and nothing else of the details', () => {
    for (const r of records) {
      const row = tableRow(r)
      for (const [key, value] of Object.entries(row)) {
        if (key === 'fromChainObject' || key === 'toChainObject' || key === 'tokenObject') continue
        expect(value, key).toEqual(r[key as keyof TransferRecord])
      }
      for (const key of ['fromChainObject', 'toChainObject'] as const) {
        const d = r[key]
        expect(row[key]).toEqual(d ? { chainName: d.chainName, chainImg: d.chainImg, scanUrl: d.scanUrl } : null)
      }
      expect(row.tokenObject).toEqual(r.tokenObject ? { symbol: r.tokenObject.symbol, decimal: r.tokenObject.decimal } : null)
      expect('received' in row).toBe('received' in r)
    }
    const full = JSON.stringify(records.slice(0, 60)).length
    const rows = JSON.stringify(records.slice(0, 60).map(tableRow)).length
    expect(rows / full).toBeLessThan(0.55)
  })

  it('the table draws the same rows, cells, tooltips and links from the row as from the whole record', () => {
    const draw = (rowAt: (i: number) => TransferRecord | TableRow | undefined): string => {
      const { container, unmount } = render(TransfersTable, { count: records.length, rowAt, onopen: () => undefined, settings: null, now: Date.parse('2026-11-23T00:00:00Z'), height: 34 * (records.length + 2) })
      const html = container.innerHTML
      unmount()
      return html
    }
    const whole = draw((i) => records[i])
    expect(whole).toContain('data-testid="transfer-row"')
    expect(whole.match(/data-testid="transfer-row"/g)?.length).toBe(records.length)
    expect(draw((i) => (records[i] ? tableRow(records[i]) : undefined))).toBe(whole)
  })

  it('a hash with no explorer for its chain is text, not a link: a click on it opens the row', async () => {
    const r = records[0]!
    const bare = tableRow({ ...r, fromChainObject: r.fromChainObject && { ...r.fromChainObject, scanUrl: '' } })
    const opened: string[] = []
    const { container, unmount } = render(TransfersTable, { count: 1, rowAt: (i: number) => (i === 0 ? bare : undefined), onopen: (row: TableRow) => opened.push(row.hash), settings: null, now: 0, height: 200 })
    const hash = container.querySelector(`a[title="${r.hash}"]`)!
    expect(hash.hasAttribute('href')).toBe(false)
    await fireEvent.click(hash)
    expect(opened).toEqual([r.hash])
    // with an explorer it is a link, and a click on it is the link's, not the row's
    const linked = render(TransfersTable, { count: 1, rowAt: (i: number) => (i === 0 ? tableRow(r) : undefined), onopen: (row: TableRow) => opened.push(row.hash), settings: null, now: 0, height: 200 })
    const link = linked.container.querySelector(`a[title="${r.hash}"]`)!
    expect(link.getAttribute('href')).toMatch(/^https:\/\//)
    link.addEventListener('click', (e: { preventDefault(): void }) => e.preventDefault())
    await fireEvent.click(link)
    expect(opened).toEqual([r.hash])
    linked.unmount()
    unmount()
  })
})
