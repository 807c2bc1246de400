// The CLI's webhook outbox: every event the headless watch lets out is written here (synchronously, before it
// is queued for delivery) and crossed off once every webhook took it or gave up on it. The watcher core saves
// its state after an event leaves, so a watch killed in between announces that event again on restart: the
// outbox knows it (pending or delivered) and does not send it twice; what was pending when the watch died is
// sent again at start. So a rotation reaches each webhook once, whenever the process is killed — short of
// the instant between a receiver's answer and this file's update, which a receiver can tell by the event's
// id (the JSON format's `data.id`). Webhook URLs are never written: entries name them by a short hash.
import { createHash } from 'node:crypto'
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { z } from 'zod'
import type { WatchEvent } from '@shared/watch'

const FILE = 'webhook-outbox.json'
/** ids of delivered events kept to recognise an event announced again after a restart */
const MAX_DONE = 1000

const fileSchema = z.object({
  version: z.literal(1),
  pending: z.array(z.object({ event: z.looseObject({ id: z.string(), kind: z.string(), at: z.number() }), urls: z.array(z.string()) })),
  done: z.array(z.string())
})
type OutboxFile = z.infer<typeof fileSchema>

const urlKey = (url: string): string => createHash('sha256').update(url).digest('hex').slice(0, 16)

export class WebhookOutbox {
  private constructor(
    private readonly path: string,
    private data: OutboxFile
  ) {}

  /** The outbox in `dir`; a missing or unreadable file is an empty outbox (the bad one is left for a look). */
  static open(dir: string): WebhookOutbox {
    const path = join(dir, FILE)
    let data: OutboxFile = { version: 1, pending: [], done: [] }
    try {
      const parsed = fileSchema.safeParse(JSON.parse(readFileSync(path, 'utf8')))
      if (parsed.success) data = parsed.data
    } catch {
      // none yet
    }
    return new WebhookOutbox(path, data)
  }

  /** Events that were let out but not yet taken by every webhook (oldest first). */
  pending(): WatchEvent[] {
    return this.data.pending.map((p) => p.event as unknown as WatchEvent)
  }

  /** Writes `e` down for `urls`; false when the outbox has it already (pending or delivered): not to be sent again. */
  add(e: WatchEvent, urls: readonly string[]): boolean {
    if (this.data.done.includes(e.id) || this.data.pending.some((p) => p.event.id === e.id)) return false
    this.data.pending.push({ event: e as unknown as OutboxFile['pending'][number]['event'], urls: urls.map(urlKey) })
    this.write()
    return true
  }

  /** `url` took the event with this id, or gave up on it. */
  settled(url: string, id: string): void {
    const entry = this.data.pending.find((p) => p.event.id === id)
    if (!entry) return
    entry.urls = entry.urls.filter((u) => u !== urlKey(url))
    if (entry.urls.length === 0) {
      this.data.pending = this.data.pending.filter((p) => p !== entry)
      this.data.done = [...this.data.done, id].slice(-MAX_DONE)
    }
    this.write()
  }

  // Synchronous on purpose: the entry is on disk before the event is queued, whenever the process dies.
  private write(): void {
    mkdirSync(join(this.path, '..'), { recursive: true })
    const tmp = `${this.path}.tmp-${process.pid}`
    writeFileSync(tmp, JSON.stringify(this.data))
    renameSync(tmp, this.path)
  }
}
