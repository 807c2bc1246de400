// The one summary of a vault change, in the vault's own terms: per chain, address changed (old → new), added
// or removed; chain added or removed; key rotated; status changed; epoch. Used by the Vault view's Compare, the
// watcher's alerts and so the activity log, so the same words appear everywhere.
//
// tss_getVault's shape is not published. MAP's TSS RPC page (mapprotocol/docs api/json-rpc/tss-rpc.md) names
// the method but shows no result; our simulator (src/demo/vault.ts) sends records of
// { epoch, public_key, status, chains[], addresses[{ chain, address }] }, as an array or one object. That
// shape is recognised; every other field, and every other shape, falls back to the raw JSON-path wording, so
// no change is ever dropped from the summary (test/unit/shared/vault-summary.test.ts holds that as a property).
import { diffJson, formatPath, jsonEqual } from './json-diff'
import { recogniseVaultRecords, type JsonValue, type VaultRecord } from './schemas/vault'
import type { JsonChange } from './watch'

export type VaultLineKind =
  | 'epoch'
  | 'key'
  | 'status'
  | 'address-changed'
  | 'address-added'
  | 'address-removed'
  | 'chain-added'
  | 'chain-removed'
  | 'record-added'
  | 'record-removed'
  | 'raw'

export interface VaultChangeLine extends JsonChange {
  what: VaultLineKind
  /** index of the record in an array result; null for a single record or an unrecognised shape */
  record: number | null
  /** the chain id as the record names it, for per-chain lines */
  chain?: string
  /** the line in words: "chain 56: address 0xaa…11 → 0xbb…22" */
  text: string
}

const KNOWN = new Set(['epoch', 'public_key', 'status', 'chains', 'addresses'])

function scalarText(v: unknown): string {
  if (typeof v === 'string' || typeof v === 'number') return String(v)
  return JSON.stringify(v) ?? ''
}

/** Long hex (keys, addresses) shortened for one line; the raw table keeps the full value. */
export function shortValue(v: unknown): string {
  const t = scalarText(v)
  return t.length > 24 ? `${t.slice(0, 10)}…${t.slice(-6)}` : t
}

function keyed(items: readonly unknown[], key: (v: unknown) => string): Map<string, JsonValue> {
  const map = new Map<string, JsonValue>()
  for (const item of items) map.set(key(item), item as JsonValue)
  return map
}

function sortedKeys(a: Map<string, JsonValue>, b: Map<string, JsonValue>): string[] {
  return [...new Set([...a.keys(), ...b.keys()])].sort((x, y) => x.localeCompare(y, 'en', { numeric: true }))
}

/** The entries of two lists paired by key (in key order), each side undefined where its list has none. */
function pairedByKey(a: readonly unknown[], b: readonly unknown[], key: (v: unknown) => string): [string, JsonValue | undefined, JsonValue | undefined][] {
  const ka = keyed(a, key)
  const kb = keyed(b, key)
  return sortedKeys(ka, kb).map((k) => [k, ka.get(k), kb.get(k)])
}

function addressOf(v: JsonValue | undefined): string {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? scalarText(v.address) : scalarText(v)
}

function summariseRecord(path: string, record: number | null, a: VaultRecord, b: VaultRecord, out: VaultChangeLine[]): void {
  const fields = [
    ['epoch', 'epoch'],
    ['public_key', 'key'],
    ['status', 'status']
  ] as const
  for (const [field, what] of fields) {
    const x = a[field] as JsonValue | undefined
    const y = b[field] as JsonValue | undefined
    if (x === undefined && y === undefined) continue
    if (x !== undefined && y !== undefined && jsonEqual(x, y)) continue
    const label = what === 'key' ? 'key' : field
    const p = `${path}.${field}`
    if (x === undefined) out.push({ what, record, path: p, kind: 'added', after: y, text: `${label} added: ${shortValue(y)}` })
    else if (y === undefined) out.push({ what, record, path: p, kind: 'removed', before: x, text: `${label} removed (was ${shortValue(x)})` })
    else {
      const verb = what === 'key' ? 'key rotated' : `${label}`
      out.push({ what, record, path: p, kind: 'changed', before: x, after: y, text: `${verb}: ${shortValue(x)} → ${shortValue(y)}` })
    }
  }
  for (const [chain, x, y] of pairedByKey(a.chains ?? [], b.chains ?? [], scalarText)) {
    const p = `${path}.chains[${chain}]`
    if (x === undefined && y !== undefined) out.push({ what: 'chain-added', record, chain, path: p, kind: 'added', after: y, text: `chain ${chain} added` })
    else if (y === undefined && x !== undefined) out.push({ what: 'chain-removed', record, chain, path: p, kind: 'removed', before: x, text: `chain ${chain} removed` })
  }
  const addrKey = (v: unknown): string => String((v as { chain: string | number }).chain)
  for (const [chain, x, y] of pairedByKey(a.addresses ?? [], b.addresses ?? [], addrKey)) {
    const p = `${path}.addresses[${chain}]`
    if (x === undefined && y !== undefined) {
      out.push({ what: 'address-added', record, chain, path: p, kind: 'added', after: y, text: `chain ${chain}: address added ${shortValue(addressOf(y))}` })
    } else if (y === undefined && x !== undefined) {
      out.push({ what: 'address-removed', record, chain, path: p, kind: 'removed', before: x, text: `chain ${chain}: address removed (was ${shortValue(addressOf(x))})` })
    } else if (x !== undefined && y !== undefined && !jsonEqual(x, y)) {
      const ax = addressOf(x)
      const ay = addressOf(y)
      // Same address, other fields of the entry changed: say so rather than "a → a".
      const text = ax === ay ? `chain ${chain}: address entry changed` : `chain ${chain}: address ${shortValue(ax)} → ${shortValue(ay)}`
      out.push({ what: 'address-changed', record, chain, path: p, kind: 'changed', before: x, after: y, text })
    }
  }
  // Order, duplicates, or an empty list appearing or going: not a change in vault terms, but not lost either.
  for (const field of ['chains', 'addresses'] as const) {
    const x = a[field] as JsonValue | undefined
    const y = b[field] as JsonValue | undefined
    const named = out.some((l) => l.record === record && l.path.startsWith(`${path}.${field}[`))
    if (named || jsonEqual(x ?? null, y ?? null)) continue
    if (x !== undefined && y !== undefined) out.push(...rawLines({ [field]: x }, { [field]: y }, record, path))
    else {
      const c: JsonChange = x === undefined ? { path: `${path}.${field}`, kind: 'added', after: y } : { path: `${path}.${field}`, kind: 'removed', before: x }
      out.push({ ...c, what: 'raw', record, text: rawText(c) })
    }
  }
  const rest = (r: VaultRecord): JsonValue => Object.fromEntries(Object.entries(r).filter(([k]) => !KNOWN.has(k))) as JsonValue
  out.push(...rawLines(rest(a), rest(b), record, path))
}

function rawText(c: JsonChange): string {
  if (c.kind === 'added') return `${c.path} added: ${shortValue(c.after)}`
  if (c.kind === 'removed') return `${c.path} removed (was ${shortValue(c.before)})`
  return `${c.path}: ${shortValue(c.before)} → ${shortValue(c.after)}`
}

function rawLines(a: JsonValue, b: JsonValue, record: number | null, prefix = '$'): VaultChangeLine[] {
  return diffJson(a, b).entries.map((e) => {
    const path = prefix + formatPath(e.path).slice(1)
    const c: JsonChange =
      e.kind === 'added' ? { path, kind: 'added', after: e.after } : e.kind === 'removed' ? { path, kind: 'removed', before: e.before } : { path, kind: 'changed', before: e.before, after: e.after }
    return { ...c, what: 'raw' as const, record, text: rawText(c) }
  })
}

/** Every change from `before` to `after`, named for the documented records, in raw JSON-path wording otherwise. */
export function summariseVault(before: JsonValue, after: JsonValue): VaultChangeLine[] {
  return summariseRecognised({ raw: before, records: recogniseVaultRecords(before) }, { raw: after, records: recogniseVaultRecords(after) })
}

/** A vault answer with its records already recognised (the client does it once per answer). */
export interface RecognisedVault {
  raw: JsonValue
  records: VaultRecord[] | null
}

/** summariseVault for answers whose records were recognised already: the same lines, no second reading. */
export function summariseRecognised({ raw: before, records: a }: RecognisedVault, { raw: after, records: b }: RecognisedVault): VaultChangeLine[] {
  // One record ↔ a list of records is a change of shape: said as the raw diff says it.
  if (!a || !b || Array.isArray(before) !== Array.isArray(after)) return rawLines(before, after, null)
  const out: VaultChangeLine[] = []
  // Paths are the raw table's own ($[0].… for an array result), so a raw line and its table row read alike.
  const asObject = !Array.isArray(before) && !Array.isArray(after)
  const single = a.length === 1 && b.length === 1
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const record = asObject ? null : i
    const path = asObject ? '$' : `$[${i}]`
    const x = a[i]
    const y = b[i]
    const lines: VaultChangeLine[] = []
    if (x && y) summariseRecord(path, record, x, y, lines)
    else if (x) lines.push({ what: 'record-removed', record, path, kind: 'removed', before: x as JsonValue, text: `record removed (epoch ${shortValue(x.epoch ?? '?')})` })
    else if (y) lines.push({ what: 'record-added', record, path, kind: 'added', after: y as JsonValue, text: `record added (epoch ${shortValue(y.epoch ?? '?')})` })
    // With several records each line says which one it is about.
    const label = single ? '' : `record ${i} (epoch ${shortValue((y ?? x)?.epoch ?? '?')}): `
    out.push(...lines.map((l) => (l.what === 'raw' || !label ? l : { ...l, text: label + l.text })))
  }
  return out
}

/** The structural changes behind the lines (what watch events carry). */
export function toJsonChanges(lines: readonly VaultChangeLine[]): JsonChange[] {
  return lines.map(({ path, kind, before, after }) => ({ path, kind, ...(before === undefined ? {} : { before }), ...(after === undefined ? {} : { after }) }))
}

const GROUP: Partial<Record<VaultLineKind, string>> = {
  'address-changed': 'address changed',
  'address-added': 'address added',
  'address-removed': 'address removed',
  'chain-added': 'added',
  'chain-removed': 'removed'
}

/**
 * The summary as one alert body, the same line texts the Compare view shows, except that more than two
 * per-chain lines of one kind read as one ("address changed on 6 chains: 1, 10, 56, 137, …") so a rotation
 * fits a notification.
 */
export function describeVaultChange(lines: readonly VaultChangeLine[], max = 6): string {
  if (lines.length === 0) return 'no visible change'
  const parts: string[] = []
  const done = new Set<VaultLineKind>()
  for (const l of lines) {
    const group = GROUP[l.what]
    const same = group ? lines.filter((o) => o.what === l.what && o.record === l.record) : []
    if (group && same.length > 2) {
      if (done.has(l.what)) continue
      done.add(l.what)
      const chains = same.map((o) => o.chain ?? '?')
      const list = chains.slice(0, 4).join(', ') + (chains.length > 4 ? ', …' : '')
      parts.push(l.what.startsWith('chain') ? `${same.length} chains ${group}: ${list}` : `${group} on ${same.length} chains: ${list}`)
    } else parts.push(l.text)
  }
  return parts.slice(0, max).join('; ') + (parts.length > max ? `; and ${parts.length - max} more` : '')
}
