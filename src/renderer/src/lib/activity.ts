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
  'alert-failed': 'Alert not delivered',
  'tss-stalled': 'Scanner stalled',
  'tss-scan-recovered': 'Scanner moving again',
  'tss-order-stuck': 'Cross-chain order stuck',
  'tss-unreachable': 'TSS API unreachable',
  'tss-recovered': 'TSS API reachable'
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
