// The last complete load of a history, kept in the disk cache so that it can be shown again offline (a load that
// fails falls back to it) and drawn in charts after a restart. Written in chunks, so a later load rewrites only
// what it must and reads stay small.
import type { TransferRecord } from '@shared/schemas/wire'
import { transferRecordSchema } from '@shared/schemas/decoded'
import { z } from 'zod'
import type { DiskCache } from '../store'
import { withOutcome } from '../client'

const CHUNK = 1000
const chunkSchema = z.array(transferRecordSchema)
const manifestSchema = z.object({ total: z.int().nonnegative(), chunks: z.int().nonnegative(), loaded: z.int().nonnegative() })

export interface OfflineCopy {
  rows: TransferRecord[]
  /** the service's total when the copy was loaded */
  total: number
}

/** Keeps `rows` as the offline copy of history `id`; one that cannot be kept is only not kept. */
export async function saveOfflineCopy(
  cache: DiskCache,
  at: number,
  profileId: string,
  id: string,
  rows: readonly TransferRecord[],
  total: number
): Promise<void> {
  try {
    const chunks = Math.ceil(rows.length / CHUNK)
    // A history larger than half the cache would push everything else out (token and chain lists, pages:
    // what offline browsing needs) and then its own first chunks: it is shown, not kept for offline use.
    const estimate = Buffer.byteLength(JSON.stringify(rows.slice(0, CHUNK))) * chunks
    if (estimate > cache.stats().limitBytes / 2) return
    for (let c = 0; c < chunks; c++) {
      await cache.put(profileId, `dataset:${id}:chunk:${c}`, rows.slice(c * CHUNK, (c + 1) * CHUNK), chunkSchema, at)
    }
    await cache.put(profileId, `dataset:${id}:manifest`, { total, chunks, loaded: rows.length }, manifestSchema, at)
  } catch {
    // A dataset that cannot be cached is still shown; only offline reuse is lost.
  }
}

/** The offline copy of history `id`, or null when there is none whole (a chunk evicted since loses it all). */
export async function readOfflineCopy(cache: DiskCache, profileId: string, id: string): Promise<OfflineCopy | null> {
  const manifest = await cache.get(profileId, `dataset:${id}:manifest`, manifestSchema)
  if (!manifest) return null
  const rows: TransferRecord[] = []
  for (let c = 0; c < manifest.data.chunks; c++) {
    const chunk = await cache.get(profileId, `dataset:${id}:chunk:${c}`, chunkSchema)
    if (!chunk) return null
    // a copy saved before outcomes existed keeps its meaning: each record's outcome from its dialect's table
    for (const r of chunk.data) rows.push(withOutcome(r, r.transferinHash))
  }
  return { rows, total: manifest.data.total }
}
