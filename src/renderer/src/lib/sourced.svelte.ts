// Stale-while-revalidate in the renderer: ask main for the cached copy first (shown at once), then for the
// network copy, which replaces it. A network failure leaves the cached copy on screen with the error.
import type { Sourced } from '@shared/contract'
import type { AppErrorData } from '@shared/errors'
import { errorData } from './api'

export class SourcedQuery<T> {
  data = $state<T | null>(null)
  source = $state<'network' | 'cache' | null>(null)
  fetchedAt = $state<number | null>(null)
  stale = $state(false)
  /** the last failure: with data, a failed refresh; without, nothing to show */
  error = $state<AppErrorData | null>(null)
  loading = $state(false)
  private run = 0

  constructor(private readonly fetcher: (prefer: 'cache' | 'network') => Promise<Sourced<T>>) {}

  private apply(result: Sourced<T>): void {
    this.data = result.data
    this.source = result.source
    this.fetchedAt = result.fetchedAt
    this.stale = result.stale
    this.error = result.error ?? null
  }

  async load(options: { cacheFirst?: boolean } = {}): Promise<void> {
    const run = ++this.run
    this.loading = true
    try {
      if (options.cacheFirst ?? true) {
        try {
          const cached = await this.fetcher('cache')
          if (run === this.run) this.apply(cached)
          if (cached.source === 'network') return
        } catch {
          // no cached copy: the network answer below decides
        }
      }
      const fresh = await this.fetcher('network')
      if (run === this.run) this.apply(fresh)
    } catch (e) {
      if (run === this.run) this.error = errorData(e)
    } finally {
      if (run === this.run) this.loading = false
    }
  }

  reset(): void {
    this.run++
    this.data = null
    this.source = null
    this.fetchedAt = null
    this.stale = false
    this.error = null
    this.loading = false
  }
}
