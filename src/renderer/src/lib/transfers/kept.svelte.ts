// What the Transfers view holds while the user is elsewhere, one per profile for the session: the
// loaded history (its rows stay in main; this keeps the dataset id, sort, filter and window), the filter
// inputs and the table's scroll position. The address and chain live in the route, which App restores.
import { LoadedHistory } from './dataset.svelte'
import { emptyFilterFields, type FilterFields } from './filter-fields'

export class KeptTransfers {
  /** `address|chainId` the rest belongs to; another query starts from nothing */
  key = ''
  readonly history = new LoadedHistory()
  fields = $state<FilterFields>(emptyFilterFields())
  scrollTop = 0

  /** Back to no loaded history: rows, filter inputs and scroll go together. */
  reset(): void {
    void this.history.cancel()
    this.history.clear()
    this.fields = emptyFilterFields()
    this.scrollTop = 0
  }
}
