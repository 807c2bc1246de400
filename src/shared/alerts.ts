// Settings → Alerts as the renderer sees it: the webhook sinks without their URLs (a hint of scheme and host
// only), where each URL is kept, and how the last delivery went. Main's AlertService (src/main/watch/alerts.ts)
// produces these; the URL itself never comes back to the renderer once saved.
import type { WebhookFormat } from './schemas/settings'

/** One delivery (an event or a test alert) to one sink. */
export interface AlertDelivery {
  /** epoch milliseconds */
  at: number
  ok: boolean
  /** why not: "HTTP 500 Internal Server Error", "connection refused", "no answer within 5 s (timeout)" */
  reason?: string
  /** a "Send test alert" rather than a watch event */
  test: boolean
}

/**
 * Where a sink's URL is: encrypted by the OS keychain (safeStorage), in the secrets file as plain text (no
 * keychain: the harness, Linux without a secret service), missing (imported from another computer, to be
 * entered again), or unreadable (encrypted by another user or machine).
 */
export type AlertUrlStorage = 'encrypted' | 'unencrypted' | 'missing' | 'unreadable'

export interface AlertSinkView {
  id: string
  label: string
  format: WebhookFormat
  enabled: boolean
  /** scheme and host, e.g. "https://hooks.slack.com/…"; empty when there is no URL */
  urlHint: string
  storage: AlertUrlStorage
  last: AlertDelivery | null
}

export interface AlertsView {
  sinks: AlertSinkView[]
  /** whether new URLs are encrypted with the OS keychain */
  encryption: boolean
}

/** A delivery, pushed as it happens so the panel shows each sink's last status. */
export interface AlertDeliveryNotice {
  id: string
  delivery: AlertDelivery
}
