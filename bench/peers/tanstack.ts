// TanStack Table (the framework-agnostic core, as its vanilla guide sets it up: the features declared with
// tableFeatures, store reactivity bindings, the table store subscribed to redraw) with client-side global
// filtering (columnFilteringFeature, globalFilteringFeature, createFilteredRowModel, includesString; columns
// our filter does not search left out of it), rows virtualised by TanStack Virtual's core Virtualizer with
// the options its framework adapters pass (observeElementRect, observeElementOffset, elementScroll, a fixed
// row size estimate, overscan), absolutely positioned rows as its virtualised-rows examples draw them.
import {
  columnFilteringFeature,
  constructTable,
  createFilteredRowModel,
  filterFn_includesString,
  globalFilteringFeature,
  tableFeatures,
  type ColumnDef
} from '@tanstack/table-core'
import { storeReactivityBindings } from '@tanstack/table-core/store-reactivity-bindings'
import { elementScroll, observeElementOffset, observeElementRect, Virtualizer } from '@tanstack/virtual-core'
import { expose, paintedWhen, SEARCHED, type PeerRow } from './common'

const ROW_PX = 28
const features = tableFeatures({
  coreReactivityFeature: storeReactivityBindings(),
  columnFilteringFeature,
  globalFilteringFeature,
  filteredRowModel: createFilteredRowModel(),
  filterFns: { includesString: filterFn_includesString }
})
const FIELDS = ['time', 'route', 'token', 'amount', 'state', 'hash', 'transferinHash', 'from', 'to'] as const
const columns: ColumnDef<typeof features, PeerRow>[] = FIELDS.map((f) => ({ accessorKey: f, header: f, enableGlobalFilter: SEARCHED.includes(f) }))

const el = document.getElementById('grid') as HTMLElement
let unmount: (() => void) | null = null
let setFilter: ((text: string) => void) | null = null

function mountTable(rows: PeerRow[]): void {
  const table = constructTable({ features, columns, data: rows, globalFilterFn: 'includesString' })
  const header = document.createElement('div')
  header.className = 'th'
  for (const f of FIELDS) {
    const th = document.createElement('div')
    th.className = 'td'
    th.textContent = f
    header.append(th)
  }
  const body = document.createElement('div')
  body.style.position = 'relative'
  el.replaceChildren(header, body)
  const draw = (): void => {
    const model = table.getRowModel().rows
    body.style.height = `${virtualizer.getTotalSize()}px`
    const out: HTMLElement[] = []
    for (const item of virtualizer.getVirtualItems()) {
      const row = model[item.index]
      if (!row) continue
      const tr = document.createElement('div')
      tr.className = 'tr'
      tr.style.transform = `translateY(${item.start}px)`
      for (const cell of row.getAllCells()) {
        const td = document.createElement('div')
        td.className = 'td'
        td.textContent = String(cell.getValue() ?? '')
        tr.append(td)
      }
      out.push(tr)
    }
    body.replaceChildren(...out)
  }
  const virtualizer = new Virtualizer<HTMLElement, HTMLElement>({
    count: table.getRowModel().rows.length,
    getScrollElement: () => el,
    estimateSize: () => ROW_PX,
    overscan: 10,
    observeElementRect,
    observeElementOffset,
    scrollToFn: elementScroll,
    onChange: () => draw()
  })
  const cleanup = virtualizer._didMount()
  virtualizer._willUpdate()
  const subscription = table.store.subscribe(() => {
    virtualizer.setOptions({ ...virtualizer.options, count: table.getRowModel().rows.length })
    virtualizer._willUpdate()
    draw()
  })
  draw()
  setFilter = (text) => table.setGlobalFilter(text)
  unmount = () => {
    subscription.unsubscribe()
    cleanup()
    el.replaceChildren()
  }
}

expose({
  mount(rows) {
    const t0 = performance.now()
    mountTable(rows)
    return paintedWhen(() => el.querySelector('.tr') !== null, t0)
  },
  root: () => el,
  rowsOnScreen: () => el.querySelectorAll('.tr').length,
  filter(text) {
    setFilter?.(text)
  },
  destroy() {
    unmount?.()
    unmount = null
    setFilter = null
  }
})
