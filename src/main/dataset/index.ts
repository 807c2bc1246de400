// The loaded-history engine: a history loaded whole ("Load all") and everything done with it — windows of its
// sorted and filtered rows for the virtual table, Live refreshes merged into it, exports, the rows charts are
// drawn from. This file is the engine's only entry for the rest of the code; what is behind it may change
// (the rows could live in a database) without an importer noticing.
//
// The path of a row, from the loaded pages to a table window:
//   1. loaded-histories.ts `loadAll` — its one source (LoadSource; in the app the services' ActiveHistories)
//      reads every page through the active client (decoded, validated, each record once) into TransferRecord
//      objects; each gets its received token (the destination decimals) from the source's token list.
//   2. views.ts `new DatasetViews(records)` → table.ts `new TransferTable(records)` — the records become columns
//      (columns.ts: typed arrays, interned values, pooled texts) and search signatures (text-search.ts); the
//      objects are let go. The same records are kept on disk in chunks as the history's offline copy when they
//      fit in half the cache (offline-copy.ts), read back when a later load fails and for charts after a restart.
//   3. `rows({sort, filter, offset, limit})` (the `history:rows` channel) → `DatasetViews.window` — the sort's
//      order of row numbers (sort.ts, computed once per sort), then a filter pass over it (filter.ts, the text
//      through text-search.ts) giving the view: the row numbers that pass, in order. Views are cached; a long
//      pass answers the first rows at once and finishes between other work.
//   4. the window `view[offset … offset + limit)` → `TransferTable.records` (each row read back from the columns
//      as the record that went in) → `tableRow` (src/shared/table-row.ts) → the renderer.
// Live (`refresh`): refresh.ts asks the head of the list and the pages of pending transfers, merge.ts plans what
// goes on top and what is replaced, TransferTable.merged and DatasetViews.merged make the new table and carry the
// sort orders over. Export: the whole view → records → our transfer model → export.ts; an export reads back into
// the model through import.ts (the CLI's `history --file`). Charts: `chartSources` → charts.ts.
//
// Why a table of our own rather than AG Grid Community or TanStack Table + Virtual: measured beside both on the
// same 1,000,894 transfers in the same browser (npm run bench, peers_1m_*; docs/performance.md "Peers"), in two
// quiet whole runs of 2026-11-27 (medians of 5 rounds each), ours painted its first rows in 128 / 144 ms against
// AG Grid's 3,393 / 4,033 and TanStack's 8,128 / 8,058 ms, and a keystroke's filtered rows in 81 / 95 ms (p95)
// against 750 / 693 and 4,047 / 4,199 ms; scrolling was even or ahead (longest frame 3 display frames against
// 3–4); the heap, ours counted as the page plus the history held in main, was 670 MB against AG Grid's 734 in
// the second run. No peer came within 1.5 × on every figure, so ours stays. On 2026-11-28 (noon, quiet, after
// the table stopped asking again for icons that failed and began asking for rows ahead): first rows 78 ms
// against 2,174 and 5,044, a keystroke 43 against 535 and 3,267 ms, the longest scroll frame 2 against 2 and 3,
// the heap 556 MB against 734 and 810.
export { LoadedHistories, type AllPages, type AllPagesProgress, type LoadedHistoriesDeps, type LoadSource } from './loaded-histories'
export { volumeCharts } from './charts'
export { readExport, MAX_IMPORT_BYTES } from './import'
