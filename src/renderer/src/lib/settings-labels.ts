// What each Settings form calls the fields it sends, so a refused save names the field as the form labels it
// ("Vault watch every: at least 5") and never by its path in the settings ("pollIntervals.vaultSec"). One
// table per form, read by field-messages.ts; the profile form keeps its own (its line numbers follow its text).
import type { FieldLabels } from './field-messages'

export const GENERAL_LABELS: FieldLabels = {
  theme: { label: 'Theme' },
  'pollIntervals.vaultSec': { label: 'Vault watch every' },
  'pollIntervals.transfersSec': { label: 'Watched transfers every' },
  'pollIntervals.liveHistorySec': { label: 'Live history every' },
  'tss.intervalSec': { label: 'Cross-chain (TSS API) every' },
  'tss.stallMinutes': { label: 'Scanner stalled after' }
}

export const CACHE_LABELS: FieldLabels = {
  cacheLimitMb: { label: 'Cache limit' }
}

export const STUCK_LABELS: FieldLabels = {
  'stuckThresholds.defaultMinutes': { label: 'Default stuck minutes' },
  'stuckThresholds.routes': { label: 'Route minutes', keyOf: (key) => `route ${key.replace('-', ' → ')}` }
}

export const LABELS_LABELS: FieldLabels = {
  'labels.state': { label: 'State labels', keyOf: (key) => `state ${key}` },
  'labels.type': { label: 'Type labels', keyOf: (key) => `type ${key}` }
}

export const ALERT_SINK_LABELS: FieldLabels = {
  url: { label: 'Webhook URL' },
  format: { label: 'Format' },
  label: { label: 'Label' },
  enabled: { label: 'Send the watcher\'s alerts here' }
}

export const CHAIN_CHECK_LABELS: FieldLabels = {
  chainCheck: { label: 'Chain checks' },
  'chainCheck.enabled': { label: 'Check opened transfers on their chains' },
  'chainCheck.rpc': { label: 'Your own RPC per chain', keyOf: (key) => `chain ${key}` }
}

export const KEEPERS_WATCH_LABELS: FieldLabels = {
  'keepersWatch.maintainers': { label: 'Watch the maintainers' },
  'keepersWatch.solvency': { label: "Watch the vault's solvency" },
  'keepersWatch.intervalSec': { label: "The keepers' watch every" }
}
