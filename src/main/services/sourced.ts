// Stale-while-revalidate over the disk cache. `prefer: 'cache'` answers at once from the cache when it can
// (the renderer then asks again with 'network' and replaces); a failed network fetch falls back to the cached
// copy and carries the error along; with no copy the error is thrown.
import type { z } from 'zod'
import type { Sourced } from '@shared/contract'
import { toErrorData } from '@shared/errors'
import { DEFAULT_DIALECT } from '@shared/dialects'
import type { DiskCache } from '../store'

export interface SourcedRequest<T> {
  profileId: string
  key: string
  schema: z.ZodType<T>
  /** after this age a cached copy is reported stale */
  maxAgeMs: number
  prefer: 'cache' | 'network'
  fetch: () => Promise<T>
}

export async function sourced<T>(cache: DiskCache, now: () => number, req: SourcedRequest<T>): Promise<Sourced<T>> {
  const cached = await cache.get(req.profileId, req.key, req.schema)
  if (req.prefer === 'cache' && cached) {
    return { data: cached.data, source: 'cache', fetchedAt: cached.fetchedAt, stale: now() - cached.fetchedAt > req.maxAgeMs }
  }
  let data: T
  try {
    data = await req.fetch()
  } catch (error) {
    if (!cached) throw error
    return { data: cached.data, source: 'cache', fetchedAt: cached.fetchedAt, stale: true, error: toErrorData(error) }
  }
  const fetchedAt = now()
  // The client validated the data; should the cache still refuse or fail to write it, the user keeps the
  // fresh data and the previous cached copy stays whole.
  await cache.put(req.profileId, req.key, data, req.schema, fetchedAt).catch(() => undefined)
  return { data, source: 'network', fetchedAt, stale: false }
}

/**
 * A cache key in the space of the dialect that answered: one profile may change the dialect it speaks (the
 * demo network speaks all three), and a cached answer of one dialect must not be served as another's. Our
 * original dialect keeps its bare keys, so caches written before dialects existed keep their meaning.
 */
export function dialectKey(client: { readonly dialect: string }, key: string): string {
  return client.dialect === DEFAULT_DIALECT ? key : `${client.dialect}:${key}`
}
