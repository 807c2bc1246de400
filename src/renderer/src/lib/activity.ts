// What the Activity view and the in-app alerts need from a watch event: which profile it belongs to, how to
// filter it, and its kind in words. The text (title/body) is the watcher's own, so the wording matches the
// desktop notification and the vault summary (@shared/vault-summary).
import type { WatchEvent, WatchEventKind } from '@shared/watch'

export const KIND_LABELS: Record<WatchEventKind, string> = {
  'vault-change': 'Vault change',
  'node-unreachable': 'Node unreachable',
  'node-recovered': 'Node recovered',
  'nodes-disagree': 'Nodes disagree',
  'node-behind': 'Node behind',
  'node-caught-up': 'Node caught up',
  'transfer-change': 'Transfer update',
  'new-transfers': 'New transfers',
  stuck: 'Stuck transfer',
  refunded: 'Transfer refunded',
  failed: 'Transfer failed',
  'chain-disagrees': 'Chain disagrees',
  'alert-failed': 'Alert not delivered',
  'tss-stalled': 'Scanner stalled',
  'tss-scan-recovered': 'Scanner moving again',
  'tss-order-stuck': 'Cross-chain order stuck',
  'tss-unreachable': 'TSS API unreachable',
  'tss-recovered': 'TSS API reachable',
  'keeper-heartbeat-stale': 'Heartbeat stale',
  'keeper-heartbeat-resumed': 'Heartbeat resumed',
  'keeper-node-down': 'Maintainer node down',
  'keeper-node-up': 'Maintainer node up',
  'keeper-scanner-lagging': 'Scanner lagging',
  'keeper-scanner-caught-up': 'Scanner caught up',
  'keeper-slash-rising': 'Slash points rising',
  'vault-short': 'Vault short',
  'vault-solvent': 'Vault holds its books'
}

export interface ActivityFilter {
  kind: WatchEventKind | ''
  text: string
}

/** The events of one profile that match the filter, newest first. */
export function filterActivity(events: readonly WatchEvent[], profileId: string | null, f: ActivityFilter): WatchEvent[] {
  const needle = f.text.trim().toLowerCase()
  return events
    .filter((e) => (profileId === null || e.profileId === profileId) && (f.kind === '' || e.kind === f.kind))
    .filter((e) => needle === '' || `${e.title}\n${e.body}\n${KIND_LABELS[e.kind]}`.toLowerCase().includes(needle))
    .sort((a, b) => b.at - a.at)
}

/** A piece of an event's text: plain text, or a hash or address the text shortened, with its whole value. */
export type TextPart = { text: string } | { hash: string }

const HEX_VALUE = /^0x[0-9a-fA-F]{8,}$/
const SHORTENED = /0x[0-9a-fA-F]+…[0-9a-fA-F]*/g

/** Every hash-like value an event carries (its hashes, address, and the values of a vault change), deduplicated. */
export function fullValues(e: WatchEvent): string[] {
  const out = new Set<string>()
  const walk = (v: unknown, depth: number): void => {
    if (typeof v === 'string') {
      if (HEX_VALUE.test(v)) out.add(v)
    } else if (depth < 6 && v !== null && typeof v === 'object') {
      for (const x of Array.isArray(v) ? v : Object.values(v)) walk(x, depth + 1)
    }
  }
  const { title: _t, body: _b, ...rest } = e
  walk(rest, 0)
  return [...out]
}

/**
 * The watcher's text with each shortened hash ("0x12345678…" or "0x1234…abcd") that stands for one of
 * `full` given as that whole value, so the view can show it shortened in the middle only, whole in its
 * tooltip and copy button. A shortened text matching no value, or more than one, stays text.
 */
export function hashParts(text: string, full: readonly string[]): TextPart[] {
  const parts: TextPart[] = []
  let at = 0
  for (const m of text.matchAll(SHORTENED)) {
    const [head = '', tail = ''] = m[0].toLowerCase().split('…')
    const found = full.filter((f) => {
      const v = f.toLowerCase()
      return v.length > head.length + tail.length && v.startsWith(head) && v.endsWith(tail)
    })
    if (found.length !== 1) continue
    if (m.index > at) parts.push({ text: text.slice(at, m.index) })
    parts.push({ hash: found[0] as string })
    at = m.index + m[0].length
  }
  if (at < text.length) parts.push({ text: text.slice(at) })
  return parts
}
