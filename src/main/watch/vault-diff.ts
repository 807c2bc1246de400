// Vault snapshots for the watcher, and what changed between two of them. The naming of changes lives in
// @shared/vault-summary, shared with the Vault view's Compare, so alerts and the view use the same words.
// Both take an answer whose records the client recognised already: nothing here reads the shape again.
import { createHash } from 'node:crypto'
import type { JsonValue } from '@shared/schemas/vault'
import { summariseRecognised, toJsonChanges, type RecognisedVault } from '@shared/vault-summary'
import type { JsonChange } from '@shared/watch'
import { stableStringify } from '@shared/json-diff'

export interface VaultSnapshot {
  /** sha256 of the result's key-sorted JSON text: equal results, equal hashes */
  hash: string
  epoch: string | null
  status: string | null
  publicKey: string | null
  raw: JsonValue
  at: number
}

function scalarText(v: unknown): string | null {
  return typeof v === 'string' || typeof v === 'number' ? String(v) : null
}

export function snapshotOf({ raw, records }: RecognisedVault, at: number): VaultSnapshot {
  // With several records, the one marked active (else the last) speaks for the vault.
  const main = records?.find((r) => r.status === 'active') ?? records?.[records.length - 1]
  return {
    hash: createHash('sha256').update(stableStringify(raw)).digest('hex'),
    epoch: scalarText(main?.epoch),
    status: scalarText(main?.status),
    publicKey: scalarText(main?.public_key),
    raw,
    at
  }
}

/** The changes from `before` to `after`, named for the documented shape, structural otherwise (one summariser: @shared/vault-summary). */
export function diffVault(before: RecognisedVault, after: RecognisedVault): JsonChange[] {
  return toJsonChanges(summariseRecognised(before, after))
}
