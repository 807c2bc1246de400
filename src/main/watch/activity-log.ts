// The activity log: every alert the watcher raised, as JSON lines in <data>/watch/activity.jsonl, newest last.
// Appending costs one line; when the file holds twice the bound it is rewritten (atomically) with the newest
// entries only. Lines that do not parse (a crash mid-append) are skipped when reading.
import { appendFile, mkdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { WatchEvent } from '@shared/watch'
import { writeFileAtomic } from '../store'

export const LOG_LIMIT = 2000

export interface LogQuery {
  limit: number
  /** only entries strictly older than this time (epoch ms), for paging back */
  before?: number | undefined
  id?: string | undefined
}

export class ActivityLog {
  private entries: WatchEvent[] = []
  private writing: Promise<void> = Promise.resolve()
  private lines = 0

  private constructor(
    private readonly path: string | null,
    private readonly bound: number
  ) {}

  static async open(dir: string | null, bound = LOG_LIMIT): Promise<ActivityLog> {
    const log = new ActivityLog(dir ? join(dir, 'activity.jsonl') : null, bound)
    if (dir) {
      await mkdir(dir, { recursive: true })
      const text = await readFile(join(dir, 'activity.jsonl'), 'utf8').catch(() => '')
      for (const line of text.split('\n')) {
        if (!line.trim()) continue
        log.lines++
        try {
          const e = JSON.parse(line) as WatchEvent
          if (typeof e.id === 'string' && typeof e.at === 'number' && typeof e.kind === 'string') log.entries.push(e)
        } catch {
          // a torn last line
        }
      }
      log.entries = log.entries.slice(-bound)
    }
    return log
  }

  append(e: WatchEvent): Promise<void> {
    this.entries.push(e)
    const path = this.path
    if (!path) {
      if (this.entries.length > this.bound) this.entries = this.entries.slice(-this.bound)
      return Promise.resolve()
    }
    this.lines++
    const compact = this.lines > 2 * this.bound
    if (compact) {
      this.entries = this.entries.slice(-this.bound)
      this.lines = this.entries.length
    }
    const text = compact ? this.entries.map((x) => JSON.stringify(x) + '\n').join('') : JSON.stringify(e) + '\n'
    this.writing = this.writing
      .then(() => (compact ? writeFileAtomic(path, text) : appendFile(path, text)))
      .catch(() => undefined)
    return this.writing
  }

  /** Newest first. */
  read(q: LogQuery): WatchEvent[] {
    const out: WatchEvent[] = []
    for (let i = this.entries.length - 1; i >= 0 && out.length < q.limit; i--) {
      const e = this.entries[i] as WatchEvent
      if (q.id !== undefined && e.id !== q.id) continue
      if (q.before !== undefined && e.at >= q.before) continue
      out.push(e)
    }
    return out
  }

  flush(): Promise<void> {
    return this.writing
  }
}
