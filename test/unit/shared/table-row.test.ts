// @vitest-environment jsdom
// history:rows sends the table's row: the transfer model, trimmed (table-row.ts). What must not change: every
// field the row keeps is the model's own, and the table draws exactly the same rows from the row as from the
// whole model.
import { fireEvent, render } from '@testing-library/svelte'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import TransfersTable from '../../../src/renderer/src/components/transfers/TransfersTable.svelte'
import { BridgeClient } from '../../../src/main/client/mcs/client'
import { startSimulator, type Simulator } from '../../support/simulator'
import type { TransferRecord } from '../../../src/shared/schemas/wire'
import { tableRow, type TableRow } from '../../../src/shared/table-row'
import { transferOfRecord } from '../../../src/shared/transfer'

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
  it("keeps each field it holds exactly as in the transfer model, and none of the record's details", () => {
    for (const r of records) {
      const row = tableRow(r)
      const t = transferOfRecord(r)
      for (const [key, value] of Object.entries(row)) {
        if (key === 'legs' || key === 'sent' || key === 'received') continue
        expect(value, key).toEqual(t[key as keyof typeof t])
      }
      // the amounts whole, their tokens without the name no cell shows
      for (const side of ['sent', 'received'] as const) {
        const { token, ...rest } = t[side]
        expect(row[side], side).toEqual({ ...rest, token: token && { symbol: token.symbol, address: token.address, decimals: token.decimals } })
      }
      expect(Object.keys(row)).not.toContain('sender')
      const { source, destination } = t.legs
      const keep = (l: typeof source) => ({ chainId: l.chainId, chainName: l.chainName, hash: l.hash, explorer: l.explorer, icon: l.icon ?? null })
      expect(row.legs).toEqual({ source: { ...keep(source), height: source.height, confirmHeight: source.confirmHeight }, destination: keep(destination) })
    }
    const full = JSON.stringify(records.slice(0, 60)).length
    const rows = JSON.stringify(records.slice(0, 60).map(tableRow)).length
    expect(rows / full).toBeLessThan(0.55)
  })

  it('the table draws the same rows, cells, tooltips and links from the row as from the whole model', () => {
    const draw = (rowAt: (i: number) => TableRow | undefined): string => {
      const { container, unmount } = render(TransfersTable, { count: records.length, rowAt, onopen: () => undefined, settings: null, now: Date.parse('2026-11-23T00:00:00Z'), height: 34 * (records.length + 2) })
      // each table names its own keys' note (an id per instance): the same note, whatever its number
      const html = container.innerHTML.replace(/"c\d+-keys"/g, '"keys"')
      unmount()
      return html
    }
    // the whole model has every field a row has, and more: drawn as a row it must read the same
    const whole = draw((i) => (records[i] ? (transferOfRecord(records[i]) as unknown as TableRow) : undefined))
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
