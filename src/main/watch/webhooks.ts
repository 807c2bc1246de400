// The webhook sink: one POST per watch event, in order, per URL. Events go into a bounded queue and are
// delivered in the background with their own timeout and retries, so a slow or broken receiver never delays
// a poll; when the queue is full the oldest undelivered event is dropped (and counted as a failure).
// The CLI (`--webhook`) and the app (Settings → Alerts) both deliver through this class.
import { redactText, webhookUrlHint } from '@shared/redact'
import type { WebhookFormat } from '@shared/schemas/settings'
import type { WatchEvent } from '@shared/watch'
import { waitAtMost, within } from '../deadline'
import { rootCause, type Fetch } from '../net'
import { discordText, slackText } from './chat-text'

export type { WebhookFormat }

/** What a sink posts: a watch event, or the panel's test alert (same fields, its own kind). */
export type AlertEvent =
  WatchEvent | (Pick<WatchEvent, 'id' | 'at' | 'profileId' | 'title' | 'body'> & { kind: 'test' })

export interface WebhookOptions {
  urls: readonly string[]
  format: WebhookFormat
  /** failures given up on (after retries, or dropped from a full queue); `reason` never holds the URL */
  onFailure?: (url: string, reason: string, e?: AlertEvent) => void
  /** `e`, when given, is the event now delivered to `url` (or given up on, for onFailure) */
  onDelivered?: (url: string, e?: AlertEvent) => void
  queueLimit?: number
  attempts?: number
  timeoutMs?: number
  baseDelayMs?: number
  /** the process's way to the network (../net/fetch.ts); Node's fetch, direct, when absent */
  fetch?: Fetch
  /** hosts the user configured, which Slack and Discord text may link to; every other address is unlinked */
  linkHosts?: readonly string[]
}

/**
 * The body for one event; `message` is the notification's own wording (title and body from the core), which
 * carries the service's words: escaped for the chat's markup (./chat-text.ts), and in the JSON format only
 * ever a string value, never markup.
 */
export function webhookBody(e: AlertEvent, format: WebhookFormat, linkHosts: readonly string[] = []): unknown {
  const message = `${e.title}: ${e.body}`
  if (format === 'slack') return { text: slackText(message, linkHosts) }
  // cut before escaping would leave a broken escape at the end: escape, then cut at a whole character
  if (format === 'discord') return { content: cutAt(discordText(message, linkHosts), 2000), allowed_mentions: { parse: [] } }
  const { kind, title: _t, body: _b, at, ...data } = e
  return { event: kind, message, at: new Date(at).toISOString(), data }
}

/** `text` cut to at most `max` UTF-16 units, never inside an escape or a surrogate pair. */
function cutAt(text: string, max: number): string {
  if (text.length <= max) return text
  let cut = text.slice(0, max)
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1)
  // an odd run of backslashes at the end would escape whatever Discord puts after it
  const slashes = /\\+$/.exec(cut)?.[0].length ?? 0
  if (slashes % 2 === 1) cut = cut.slice(0, -1)
  return cut.endsWith('@') ? cut.slice(0, -1) : cut
}

/**
 * Why a POST failed, in the words a person acts on: the status, a timeout, a refused connection. Node's fetch
 * says only "fetch failed" and keeps the reason in `cause` (../net/fetch.ts, rootCause).
 */
export function failureReason(error: unknown, timeoutMs: number): string {
  if (!(error instanceof Error)) return String(error)
  if (error.name === 'TimeoutError') return `no answer within ${timeoutMs / 1000} s (timeout)`
  if (error.name === 'AbortError') return 'cancelled'
  const root = rootCause(error)
  const cause = root === error ? undefined : (root as { code?: unknown; message?: unknown })
  const code = cause?.code
  if (code === 'ECONNREFUSED') return 'connection refused'
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'host not found'
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET') return 'connection closed by the receiver'
  const words = typeof cause?.message === 'string' ? cause.message : ''
  // e.g. a proxy's "Proxy response (407) !== 200 when HTTP Tunneling (UND_ERR_ABORTED)"
  if (typeof code === 'string') return `${words || error.message} (${code})`
  // e.g. "bad port": fetch refuses ports such as 1, 9 or 6000 before connecting
  if (words) return `${error.message}: ${words}`
  return error.message
}

interface Queued {
  body: unknown
  e: AlertEvent
}

export class WebhookSink {
  private readonly queues = new Map<string, Queued[]>()
  private readonly running = new Map<string, Promise<void>>()
  private readonly abort = new AbortController()

  constructor(private readonly o: WebhookOptions) {
    for (const url of o.urls) this.queues.set(url, [])
  }

  /** Never waits: queues the event for every URL and returns. */
  send(e: AlertEvent): void {
    const body = webhookBody(e, this.o.format, this.o.linkHosts)
    for (const [url, q] of this.queues) {
      if (q.length >= (this.o.queueLimit ?? 100)) {
        const dropped = q.shift()
        this.o.onFailure?.(url, 'queue full: oldest event dropped', dropped?.e)
      }
      q.push({ body, e })
      if (!this.running.has(url))
        this.running.set(
          url,
          this.drain(url, q).finally(() => this.running.delete(url))
        )
    }
  }

  /**
   * One POST of `e` to every URL now, beside the queue and without retries (Settings' "Send test alert": the
   * person waits for the answer); resolves with each URL's failure reason, or null when delivered.
   */
  async probe(e: AlertEvent): Promise<{ url: string; reason: string | null }[]> {
    const body = webhookBody(e, this.o.format, this.o.linkHosts)
    return Promise.all(
      [...this.queues.keys()].map(async (url) => ({ url, reason: await this.attempt(url, body) }))
    )
  }

  /** Waits for the queues to empty, at most `boundMs`; what is left then is abandoned. */
  async close(boundMs = 5000): Promise<void> {
    await waitAtMost(Promise.all(this.running.values()), boundMs)
    this.abort.abort()
  }

  private async drain(url: string, q: Queued[]): Promise<void> {
    while (q.length > 0 && !this.abort.signal.aborted) {
      const item = q[0]!
      const error = await this.deliver(url, item.body)
      if (q[0] === item) q.shift()
      if (error) this.o.onFailure?.(url, error, item.e)
      else this.o.onDelivered?.(url, item.e)
    }
  }

  /** Resolves null when delivered, else why not (after every attempt). */
  private async deliver(url: string, body: unknown): Promise<string | null> {
    const attempts = this.o.attempts ?? 4
    let reason: string | null = null
    for (let i = 0; i < attempts; i++) {
      if (i > 0) await new Promise((r) => setTimeout(r, (this.o.baseDelayMs ?? 500) * 2 ** (i - 1)))
      if (this.abort.signal.aborted) return 'shut down'
      reason = await this.attempt(url, body)
      if (reason === null) return null
    }
    return reason
  }

  private async attempt(url: string, body: unknown): Promise<string | null> {
    const timeoutMs = this.o.timeoutMs ?? 5000
    const doFetch = this.o.fetch ?? fetch
    try {
      return await within(
        timeoutMs,
        async (signal) => {
          const res = await doFetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), signal })
          await res.body?.cancel()
          return res.ok ? null : `HTTP ${res.status}${res.statusText ? ` ${res.statusText}` : ''}`
        },
        this.abort.signal
      )
    } catch (error) {
      // The URL is the secret: whatever fetch put in its message, only the hint of it is kept (and any other
      // URL, a proxy's with its password say, is redacted).
      return redactText(failureReason(error, timeoutMs).split(url).join(webhookUrlHint(url)))
    }
  }
}
