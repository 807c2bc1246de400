// What changed between two vault snapshots. For the documented record shape the changes are named (epoch,
// public key, status, chains and per-chain addresses added/removed/changed); any other shape gets the generic
// structural diff of the raw JSON, so a node that answers something new is still watched.
import { createHash } from 'node:crypto'
import type { JsonValue, VaultRecord } from '@shared/schemas/vault'
import type { JsonChange } from '@shared/watch'
import { recogniseVaultRecords } from '../client/rpc'
import { diffJson, jsonEqual, stableStringify } from './json-diff'

export interface VaultSnapshot {
  /** sha256 of the result's key-sorted JSON text: equal results, equal hashes */
  hash: string
  epoch: string | null
  status: string | null
  raw: JsonValue
  at: number
}

const KNOWN = new Set(['epoch', 'public_key', 'status', 'chains', 'addresses'])

function scalarText(v: unknown): string | null {
  return typeof v === 'string' || typeof v === 'number' ? String(v) : null
}

export function snapshotOf(raw: JsonValue, at: number): VaultSnapshot {
  const records = recogniseVaultRecords(raw)
  // With several records, the one marked active (else the last) speaks for the vault.
  const main = records?.find((r) => r.status === 'active') ?? records?.[records.length - 1]
  return {
    hash: createHash('sha256').update(stableStringify(raw)).digest('hex'),
    epoch: scalarText(main?.epoch),
    status: scalarText(main?.status),
    raw,
    at
  }
}

function keyed(items: readonly unknown[], key: (v: unknown) => string): Map<string, JsonValue> {
  const map = new Map<string, JsonValue>()
  for (const item of items) map.set(key(item), item as JsonValue)
  return map
}

function diffKeyed(path: string, label: string, a: Map<string, JsonValue>, b: Map<string, JsonValue>, out: JsonChange[]): void {
  const keys = [...new Set([...a.keys(), ...b.keys()])].sort((x, y) => x.localeCompare(y, 'en', { numeric: true }))
  for (const k of keys) {
    const p = `${path}.${label}[${k}]`
    const x = a.get(k)
    const y = b.get(k)
    if (y === undefined && x !== undefined) out.push({ path: p, kind: 'removed', before: x })
    else if (x === undefined && y !== undefined) out.push({ path: p, kind: 'added', after: y })
    else if (x !== undefined && y !== undefined && !jsonEqual(x, y)) out.push({ path: p, kind: 'changed', before: x, after: y })
  }
}

function rest(r: VaultRecord): JsonValue {
  const out: { [k: string]: JsonValue } = {}
  for (const [k, v] of Object.entries(r)) if (!KNOWN.has(k)) out[k] = v as JsonValue
  return out
}

function diffRecord(path: string, a: VaultRecord, b: VaultRecord, out: JsonChange[]): void {
  for (const field of ['epoch', 'public_key', 'status'] as const) {
    const x = a[field] as JsonValue | undefined
    const y = b[field] as JsonValue | undefined
    if (x === undefined && y !== undefined) out.push({ path: `${path}.${field}`, kind: 'added', after: y })
    else if (x !== undefined && y === undefined) out.push({ path: `${path}.${field}`, kind: 'removed', before: x })
    else if (x !== undefined && y !== undefined && !jsonEqual(x, y)) out.push({ path: `${path}.${field}`, kind: 'changed', before: x, after: y })
  }
  const chainKey = (v: unknown): string => scalarText(v) ?? stableStringify(v as JsonValue)
  diffKeyed(path, 'chains', keyed(a.chains ?? [], chainKey), keyed(b.chains ?? [], chainKey), out)
  const addrKey = (v: unknown): string => String((v as { chain: string | number }).chain)
  diffKeyed(path, 'addresses', keyed(a.addresses ?? [], addrKey), keyed(b.addresses ?? [], addrKey), out)
  out.push(...diffJson(rest(a), rest(b)).map((c) => ({ ...c, path: path + c.path.slice(1) })))
}

/** The changes from `before` to `after`, named for the documented shape, structural otherwise. */
export function diffVault(before: JsonValue, after: JsonValue): JsonChange[] {
  const a = recogniseVaultRecords(before)
  const b = recogniseVaultRecords(after)
  if (!a || !b) return diffJson(before, after)
  const out: JsonChange[] = []
  const single = a.length === 1 && b.length === 1
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const path = single ? '$' : `$[${i}]`
    const x = a[i]
    const y = b[i]
    if (x && y) diffRecord(path, x, y, out)
    else if (x) out.push({ path, kind: 'removed', before: x as JsonValue })
    else if (y) out.push({ path, kind: 'added', after: y as JsonValue })
  }
  return out
}

/** "public key changed, 1 chain added" — the body of an alert. */
export function describeChanges(changes: readonly JsonChange[]): string {
  if (changes.length === 0) return 'no visible change'
  const named = new Map<string, number>()
  for (const c of changes) {
    const m = /\.(public_key|status|epoch|chains|addresses)(\[|$)/.exec(c.path)
    const what = m ? { public_key: 'public key', status: 'status', epoch: 'epoch', chains: 'chain', addresses: 'address' }[m[1] as 'epoch'] : 'field'
    const label = `${what} ${c.kind}`
    named.set(label, (named.get(label) ?? 0) + 1)
  }
  return [...named].map(([label, n]) => (n > 1 ? `${n}× ${label}` : label)).join(', ')
}
