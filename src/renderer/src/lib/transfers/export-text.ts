// What the Export panel says once a file is written: how many transfers, which ones (all, only those the
// filters let through, or a date range), and where the file went. The app hands the file to the page's
// download (a Blob behind <a download>): the browser or Electron saves it in the user's downloads folder, or
// where its save dialog was pointed, under the name given here.
import type { HistoryFilter } from '@shared/contract'

/** Whether any filter narrows the rows (text, token, chains, state, dates). */
export function filterActive(f: HistoryFilter): boolean {
  return Object.values(f).some((v) => v !== undefined && v !== '')
}

const plural = (n: number): string => `${n.toLocaleString('en-US')} transfer${n === 1 ? '' : 's'}`

export function exportDoneText(o: {
  rows: number
  filename: string
  total: number
  filtered: boolean
  range?: HistoryFilter | undefined
}): string {
  const which = o.range
    ? `${plural(o.rows)} sent from ${o.range.from ?? 'the start'} to ${o.range.to ?? 'now'} (the whole history, filters not applied)`
    : o.filtered
      ? `${o.rows.toLocaleString('en-US')} of ${plural(o.total)} (only the rows that match the filters)`
      : `all ${plural(o.rows)}`
  return `Saved ${which} as ${o.filename}, in your downloads folder (or where the save dialog put it).`
}
