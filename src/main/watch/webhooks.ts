// The webhook sink: one POST per watch event, in order, per URL. Events go into a bounded queue and are
// delivered in the background with their own timeout and retries, so a slow or broken receiver never delays
// a poll; when the queue is full the oldest undelivered event is dropped (and counted as a failure).
import { redactUrl } from '@shared/redact'
import type { WatchEvent } from '@shared/watch'

export type WebhookFormat = 'json' | 'slack' | 'discord'

export interface WebhookOptions {
  urls: readonly string[]
  format: WebhookFormat
  /** failures given up on (after retries, or dropped from a full queue) */
  onFailure?: (url: string, reason: string) => void
  queueLimit?: number
  attempts?: number
  timeoutMs?: number
  baseDelayMs?: number
  fetch?: typeof fetch
}

/** The body for one event; `message` is the notification's own wording (title and body from the core). */
export function webhookBody(e: WatchEvent, format: WebhookFormat): unknown {
  const message = `${e.title}: ${e.body}`
  if (format === 'slack') return { text: message }
  if (format === 'discord') return { content: message.slice(0, 2000) }
  const { kind, title: _t, body: _b, at, ...data } = e
  return { event: kind, message, at: new Date(at).toISOString(), data }
}

export class WebhookSink {
  private readonly queues = new Map<string, unknown[]>()
  private readonly running = new Map<string, Promise<void>>()
  private readonly abort = new AbortController()

  constructor(private readonly o: WebhookOptions) {
    for (const url of o.urls) this.queues.set(url, [])
  }

  /** Never waits: queues the event for every URL and returns. */
  send(e: WatchEvent): void {
    const body = webhookBody(e, this.o.format)
    for (const [url, q] of this.queues) {
      if (q.length >= (this.o.queueLimit ?? 100)) {
        q.shift()
        this.o.onFailure?.(url, 'queue full: oldest event dropped')
      }
      q.push(body)
      if (!this.running.has(url)) this.running.set(url, this.drain(url, q).finally(() => this.running.delete(url)))
    }
  }

  /** Waits for the queues to empty, at most `boundMs`; what is left then is abandoned. */
  async close(boundMs = 5000): Promise<void> {
    let timer: ReturnType<typeof setTimeout> | undefined
    await Promise.race([
      Promise.all(this.running.values()),
      new Promise<void>((resolve) => (timer = setTimeout(resolve, boundMs)))
    ])
    clearTimeout(timer)
    this.abort.abort()
  }

  private async drain(url: string, q: unknown[]): Promise<void> {
    while (q.length > 0 && !this.abort.signal.aborted) {
      const body = q[0]
      const error = await this.deliver(url, body)
      if (q[0] === body) q.shift()
      if (error) this.o.onFailure?.(url, error)
    }
  }

  /** Resolves null when delivered, else why not (after every attempt). */
  private async deliver(url: string, body: unknown): Promise<string | null> {
    const attempts = this.o.attempts ?? 4
    let reason = ''
    for (let i = 0; i < attempts; i++) {
      if (i > 0) await new Promise((r) => setTimeout(r, (this.o.baseDelayMs ?? 500) * 2 ** (i - 1)))
      if (this.abort.signal.aborted) return 'shut down'
      try {
        const res = await (this.o.fetch ?? fetch)(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
          signal: AbortSignal.any([this.abort.signal, AbortSignal.timeout(this.o.timeoutMs ?? 5000)])
        })
        await res.body?.cancel()
        if (res.ok) return null
        reason = `HTTP ${res.status}`
      } catch (error) {
        reason = error instanceof Error ? error.message : String(error)
      }
    }
    return `${redactUrl(url)}: ${reason}`
  }
}
