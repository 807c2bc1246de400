// What the Export panel says after writing a file: how many, which ones, where it went.
import { describe, expect, it } from 'vitest'
import { exportDoneText, filterActive } from '../../../../src/renderer/src/lib/transfers/export-text'

describe('export message', () => {
  it('with a filter on, it says only the matching rows were written, of how many, and where the file went', () => {
    const text = exportDoneText({ rows: 9, filename: 'x.csv', total: 561, filtered: true })
    expect(text).toBe(
      'Saved 9 of 561 transfers (only the rows that match the filters) as x.csv, in your downloads folder (or where the save dialog put it).'
    )
  })
  it('without a filter, all of them; a date range says the filters were not applied', () => {
    expect(exportDoneText({ rows: 1, filename: 'a.json', total: 1, filtered: false })).toMatch(
      /^Saved all 1 transfer as a\.json, in your downloads folder/
    )
    expect(
      exportDoneText({ rows: 3, filename: 'r.csv', total: 9, filtered: true, range: { from: '2026-11-01' } })
    ).toContain('sent from 2026-11-01 to now (the whole history, filters not applied)')
  })
  it('a filter counts as on only when it narrows something', () => {
    expect(filterActive({})).toBe(false)
    expect(filterActive({ text: '' })).toBe(false)
    expect(filterActive({ state: 0 })).toBe(true)
  })
})
