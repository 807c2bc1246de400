// One read the user can refresh: its last answer, the error that replaced it, and whether a read is under
// way. For answers that are not cached (the keepers' reads are live by nature: a node's health from the
// cache would be a lie), unlike SourcedQuery's.
import type { AppErrorData } from '@shared/errors'
import { errorData } from './api'

export class Reading<T> {
  data = $state<T | null>(null)
  error = $state<AppErrorData | null>(null)
  loading = $state(false)
  constructor(private readonly read: () => Promise<T>) {}

  async load(): Promise<void> {
    this.loading = true
    try {
      this.data = await this.read()
      this.error = null
    } catch (e) {
      this.error = errorData(e)
    } finally {
      this.loading = false
    }
  }
}
