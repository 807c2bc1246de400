// What each view was showing when the user left it, per profile, for the session: leaving Transfers
// and coming back must find the same address, loaded rows, filters and scroll position, and another
// profile's views must not show them. Nothing here is written to disk: a restart starts clean.

/** One value per (profile, key), made on first use; dropped with its profile. */
export class ViewMemory {
  private readonly profiles = new Map<string, Map<string, unknown>>()

  keep<T>(profileId: string, key: string, make: () => T): T {
    let kept = this.profiles.get(profileId)
    if (!kept) this.profiles.set(profileId, (kept = new Map()))
    if (!kept.has(key)) kept.set(key, make())
    return kept.get(key) as T
  }

  /**
   * Forgets profiles that no longer exist, so a new profile that reuses an id starts empty. Keys may carry more
   * than the id after a NUL (what the profile speaks): the id before it decides.
   */
  prune(profileIds: readonly string[]): void {
    const live = new Set(profileIds)
    for (const key of [...this.profiles.keys()]) if (!live.has(key.split('\u0000')[0] ?? key)) this.profiles.delete(key)
  }
}

export interface RouteSeen {
  profileId: string
  view: string
  /** the route's query string without '?' ('' for a bare `#/view`) */
  query: string
}

/**
 * Records the route in `kept` (the queries last seen per view for the route's profile, updated in place) and
 * answers where to go instead, or null to stay. Only a profile switch moves: the current view then shows as
 * the new profile left it (or bare). A bare route is not restored here — `#/vault` means the latest epoch —
 * the sidebar's links carry the kept query instead.
 */
export function restoreRoute(prev: RouteSeen | null, next: RouteSeen, kept: Map<string, string>): string | null {
  if (prev !== null && prev.profileId !== next.profileId) {
    const want = kept.get(next.view) ?? ''
    if (want !== next.query) return want
  }
  kept.set(next.view, next.query)
  return null
}
