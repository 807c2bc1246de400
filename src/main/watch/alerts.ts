// Settings → Alerts in main: the webhook sinks the user configured, each a WebhookSink (webhooks.ts, the
// same class the CLI's --webhook delivers through) fed every watch event the core lets out, rebuilt when a
// sink, its URL or its format changes. A sink's URL is a secret:
// it is read from the SecretStore only here, and what leaves this module (the panel's view, the activity
// log, error messages) shows scheme and host at most.
import { randomUUID } from 'node:crypto'
import type { AlertDelivery, AlertDeliveryNotice, AlertSinkView, AlertsView } from '@shared/alerts'
import { AppError } from '@shared/errors'
import { redactText, webhookUrlHint } from '@shared/redact'
import {
  webhookSinkSchema,
  type WebhookFormat,
  type WebhookSinkConfig,
  type WebhookSinkInput
} from '@shared/schemas/settings'
import type { WatchEvent } from '@shared/watch'
import type { SecretStore, SettingsRepo } from '../store'
import { WebhookSink, type AlertEvent, type WebhookOptions } from './webhooks'

export interface AlertServiceDeps {
  settings: SettingsRepo
  secrets: SecretStore
  now: () => number
  /** a sink gave up on an event: to the activity log and the page, never back into the sinks */
  failed: (e: WatchEvent) => void
  /** every delivery and failure, so the panel shows each sink's last status as it happens */
  delivered: (n: AlertDeliveryNotice) => void
  /** timeouts and retries (tests shorten them) */
  sink?: Pick<WebhookOptions, 'attempts' | 'timeoutMs' | 'baseDelayMs' | 'queueLimit' | 'fetch'>
}

interface Live {
  /** format and URL: a change of either builds a new sink */
  key: string
  sink: WebhookSink
}

function inputError(message: string, field?: string): AppError {
  return new AppError({
    kind: 'input',
    message: field ? `${field}: ${message}` : message,
    ...(field ? { field } : {})
  })
}

export class AlertService {
  private readonly live = new Map<string, Live>()
  private readonly last = new Map<string, AlertDelivery>()
  private readonly unreadable = new Set<string>()
  private syncing: Promise<void> = Promise.resolve()
  private failures = 0
  private closed = false

  constructor(private readonly d: AlertServiceDeps) {
    // Another window or an import may change the sinks; other settings changes (theme, labels) do not.
    let seen = JSON.stringify(d.settings.get().webhooks)
    d.settings.onChange((s) => {
      const now = JSON.stringify(s.webhooks)
      if (now === seen) return
      seen = now
      void this.sync()
    })
    void this.sync()
  }

  /** Never waits: each enabled sink queues the event (its own retries and timeout, in the background). */
  send(e: WatchEvent): void {
    if (e.kind === 'alert-failed') return
    for (const { sink } of this.live.values()) sink.send(e)
  }

  async list(): Promise<AlertsView> {
    await this.syncing
    const stored = this.d.secrets.storage()
    const sinks = this.d.settings.get().webhooks.map((w): AlertSinkView => ({
      id: w.id,
      label: w.label,
      format: w.format,
      enabled: w.enabled,
      urlHint: stored.has(w.id) ? w.urlHint : '',
      storage: this.unreadable.has(w.id) ? 'unreadable' : (stored.get(w.id) ?? 'missing'),
      last: this.last.get(w.id) ?? null
    }))
    return { sinks, encryption: await this.d.secrets.available() }
  }

  /** Adds a sink or changes one: fields left out keep their stored values; no `url` keeps the stored URL. */
  async save(input: WebhookSinkInput): Promise<AlertsView> {
    const { url, ...fields } = input
    const id = input.id ?? randomUUID()
    const given = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined))
    const existing = this.d.settings.get().webhooks.find((w) => w.id === id)
    // Refused before the secret is written: a URL must not change under settings that cannot.
    const readOnly = this.d.settings.readOnly
    if (readOnly) throw inputError(readOnly)
    if (!url && !this.d.secrets.storage().has(id)) throw inputError('a webhook URL is required', 'url')
    const hint = url ? { urlHint: webhookUrlHint(url) } : {}
    const check = webhookSinkSchema.safeParse({ ...existing, ...given, ...hint, id })
    if (!check.success) {
      const issue = check.error.issues[0]
      throw inputError(issue?.message ?? 'invalid', issue?.path.join('.') || undefined)
    }
    // The secret first: an enabled sink never exists without its URL.
    if (url) await this.d.secrets.set(id, url)
    try {
      this.d.settings.modify((s) => {
        const stored = s.webhooks.find((w) => w.id === id)
        const sink = webhookSinkSchema.parse({ ...stored, ...given, ...hint, id })
        return {
          ...s,
          webhooks: stored ? s.webhooks.map((w) => (w === stored ? sink : w)) : [...s.webhooks, sink]
        }
      })
    } catch (error) {
      if (!existing && url) this.d.secrets.delete([id])
      throw error
    }
    this.unreadable.delete(id)
    await this.sync()
    return this.list()
  }

  async remove(id: string): Promise<AlertsView> {
    if (!this.d.settings.get().webhooks.some((w) => w.id === id))
      throw inputError(`no webhook with id ${id}`, 'id')
    this.d.settings.modify((s) => ({ ...s, webhooks: s.webhooks.filter((w) => w.id !== id) }))
    this.d.secrets.delete([id])
    this.last.delete(id)
    await this.sync()
    return this.list()
  }

  /** An import replaced the settings: the URLs of the sinks it removed go too; every other one stays. */
  forgetRemoved(before: readonly WebhookSinkConfig[]): void {
    const now = new Set(this.d.settings.get().webhooks.map((w) => w.id))
    this.d.secrets.delete(before.map((w) => w.id).filter((id) => !now.has(id)))
  }

  /** One test event through the sink's own code, one attempt, beside its queue; enabled or not. */
  async test(id: string): Promise<AlertDelivery> {
    const w = this.d.settings.get().webhooks.find((x) => x.id === id)
    if (!w) throw inputError(`no webhook with id ${id}`, 'id')
    const secret = await this.d.secrets.get(id)
    if (secret.storage === 'missing')
      throw inputError('this webhook has no URL on this computer: edit it and enter the URL', 'url')
    if (secret.storage === 'unreadable')
      throw inputError(
        `the stored URL cannot be decrypted here (${secret.why}): edit the webhook and enter the URL again`,
        'url'
      )
    const at = this.d.now()
    const event: AlertEvent = {
      kind: 'test',
      id: `test-${at}`,
      at,
      profileId: this.d.settings.activeProfile().id,
      title: 'Bridgescope test alert',
      body: `the watcher's alerts (vault, nodes, transfers) reach ${w.label || webhookUrlHint(secret.value)}`
    }
    const sink = new WebhookSink({ ...this.d.sink, urls: [secret.value], format: w.format })
    const [result] = await sink.probe(event)
    void sink.close(0)
    const reason = result?.reason ?? null
    const delivery: AlertDelivery =
      reason === null ? { at, ok: true, test: true } : { at, ok: false, reason, test: true }
    this.record(id, delivery)
    return delivery
  }

  /** Lets each sink's queue drain, at most `boundMs`. */
  async close(boundMs = 5000): Promise<void> {
    this.closed = true
    await this.syncing
    await Promise.all([...this.live.values()].map((l) => l.sink.close(boundMs)))
    this.live.clear()
  }

  /** Builds the sinks the settings ask for, one after another (changes may come faster than decryption). */
  sync(): Promise<void> {
    this.syncing = this.syncing.then(() => this.rebuild()).catch(() => undefined)
    return this.syncing
  }

  private async rebuild(): Promise<void> {
    if (this.closed) return
    const wanted = new Map<string, { key: string; url: string; format: WebhookFormat }>()
    for (const w of this.d.settings.get().webhooks) {
      const secret = await this.d.secrets.get(w.id)
      if (secret.storage === 'unreadable') this.unreadable.add(w.id)
      else this.unreadable.delete(w.id)
      if (w.enabled && (secret.storage === 'encrypted' || secret.storage === 'unencrypted')) {
        wanted.set(w.id, { key: `${w.format} ${secret.value}`, url: secret.value, format: w.format })
      }
    }
    for (const [id, l] of this.live) {
      if (wanted.get(id)?.key === l.key) continue
      this.live.delete(id)
      void l.sink.close(2000)
    }
    for (const [id, w] of wanted)
      if (!this.live.has(id)) this.live.set(id, { key: w.key, sink: this.build(id, w.url, w.format) })
  }

  private build(id: string, url: string, format: WebhookFormat): WebhookSink {
    return new WebhookSink({
      ...this.d.sink,
      urls: [url],
      format,
      onDelivered: () => this.record(id, { at: this.d.now(), ok: true, test: false }),
      onFailure: (_url, reason) => this.fail(id, reason)
    })
  }

  private record(id: string, delivery: AlertDelivery): void {
    this.last.set(id, delivery)
    this.d.delivered({ id, delivery })
  }

  private fail(id: string, reason: string): void {
    const at = this.d.now()
    this.record(id, { at, ok: false, reason, test: false })
    const w = this.d.settings.get().webhooks.find((x) => x.id === id)
    const name = w?.label || w?.urlHint || id
    this.d.failed({
      kind: 'alert-failed',
      id: `alert-failed-${id}-${at}-${++this.failures}`,
      at,
      profileId: this.d.settings.activeProfile().id,
      sinkId: id,
      reason,
      title: 'Alert not delivered',
      body: redactText(`Webhook ${name}: ${reason}`)
    })
  }
}
