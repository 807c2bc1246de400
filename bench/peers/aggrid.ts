// AG Grid Community as its docs set up a large client-side grid with a quick filter: the modules registered
// (ClientSideRowModelModule, QuickFilterModule), rowData given at creation, the quick filter set through
// setGridOption('quickFilterText') from the application's own input, cacheQuickFilter on (the docs' advice for
// large row counts: each row's quick-filter text is built once, not at every keystroke), columns our filter
// does not search answering '' to the quick filter, rows keyed by their hash (getRowId), the default theme.
import { ClientSideRowModelModule, createGrid, ModuleRegistry, QuickFilterModule, type GridApi, type ColDef } from 'ag-grid-community'
import { expose, paintedWhen, SEARCHED, type PeerRow } from './common'

ModuleRegistry.registerModules([ClientSideRowModelModule, QuickFilterModule])

const el = document.getElementById('grid') as HTMLElement
const notSearched = (): string => ''
const columnDefs: ColDef<PeerRow>[] = (['time', 'route', 'token', 'amount', 'state', 'hash', 'transferinHash', 'from', 'to'] as const).map((field) => ({
  field,
  ...(SEARCHED.includes(field) ? {} : { getQuickFilterText: notSearched })
}))
let api: GridApi<PeerRow> | null = null

expose({
  mount(rows) {
    const t0 = performance.now()
    api = createGrid(el, {
      columnDefs,
      rowData: rows,
      cacheQuickFilter: true,
      getRowId: (p) => p.data.hash
    })
    return paintedWhen(() => el.querySelector('.ag-row') !== null, t0)
  },
  root: () => el,
  rowsOnScreen: () => el.querySelectorAll('.ag-row').length,
  filter(text) {
    api?.setGridOption('quickFilterText', text)
  },
  destroy() {
    api?.destroy()
    api = null
  }
})
