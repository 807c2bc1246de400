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
    await loadTogether([this], options)
  }

  /** @internal loadTogether's steps: a new run, its cached copy, its network copy */
  begin(): number {
    this.loading = true
    return ++this.run
  }

  async cached(): Promise<Sourced<T> | null> {
    try {
      return await this.fetcher('cache')
    } catch {
      return null // no cached copy: the network answer decides
    }
  }

  /** Applies a cached copy; true when it came from the network after all (nothing more to fetch). */
  applyCached(run: number, cached: Sourced<T> | null): boolean {
    if (cached === null) return false
    if (run === this.run) this.apply(cached)
    if (cached.source !== 'network') return false
    if (run === this.run) this.loading = false
    return true
  }

  async fresh(run: number): Promise<void> {
    try {
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

/**
 * Loads queries side by side, applying their cached copies in one go: a view that shows two lists renders
 * once with both instead of once per answer (the Tokens view re-rendered every row when the chain list,
 * with its explorer links, landed a moment after the tokens). Network copies still replace each on its own.
 */
export async function loadTogether(queries: readonly SourcedQuery<unknown>[], options: { cacheFirst?: boolean } = {}): Promise<void> {
  const runs = queries.map((q) => q.begin())
  const cached = (options.cacheFirst ?? true) ? await Promise.all(queries.map((q) => q.cached())) : queries.map(() => null)
  const done = queries.map((q, i) => q.applyCached(runs[i] as number, cached[i] ?? null))
  await Promise.all(queries.map((q, i) => (done[i] ? undefined : q.fresh(runs[i] as number))))
}
