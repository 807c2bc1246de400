// Every distinct vault result the watcher saw (the epoch history) goes into the profile's DiskCache under
// `vault:snapshot:<epoch>:<hash>`, with an index under `vault:snapshots` (oldest first) so the vault view can
// list and diff them offline.
import { z } from 'zod'
import { jsonValueSchema } from '@shared/schemas/vault'
import type { DiskCache } from '../store'
import type { VaultSnapshot } from './vault-diff'

export const SNAPSHOT_INDEX_KEY = 'vault:snapshots'
const MAX_INDEXED = 500

export const snapshotIndexSchema = z.array(
  z.object({ key: z.string(), hash: z.string(), epoch: z.string().nullable(), status: z.string().nullable(), at: z.number() })
)
export type SnapshotIndex = z.infer<typeof snapshotIndexSchema>
const snapshotDataSchema = z.object({ hash: z.string(), epoch: z.string().nullable(), raw: jsonValueSchema })

export function snapshotKey(s: Pick<VaultSnapshot, 'epoch' | 'hash'>): string {
  return `vault:snapshot:${s.epoch ?? 'unknown'}:${s.hash.slice(0, 16)}`
}

/** Stores the snapshot unless the index has it already; cache failures are not the watcher's failures. */
export async function keepSnapshot(cache: DiskCache, profileId: string, s: VaultSnapshot): Promise<void> {
  try {
    const index = (await cache.get(profileId, SNAPSHOT_INDEX_KEY, snapshotIndexSchema))?.data ?? []
    if (index.some((e) => e.hash === s.hash)) return
    const key = snapshotKey(s)
    await cache.put(profileId, key, { hash: s.hash, epoch: s.epoch, raw: s.raw }, snapshotDataSchema, s.at)
    const next = [...index, { key, hash: s.hash, epoch: s.epoch, status: s.status, at: s.at }].slice(-MAX_INDEXED)
    await cache.put(profileId, SNAPSHOT_INDEX_KEY, next, snapshotIndexSchema, s.at)
  } catch {
    // a full disk or a refused entry loses history, never an alert
  }
}
