// The offline cache: one file per entry under <dir>/<profile>/, so writing one history page costs the size of
// that page, never the size of the cache. An in-memory index (size, last use) bounds the total by evicting the
// least recently used entries. Entries are validated before they are written and again when read.
import { createHash } from 'node:crypto'
import { readFile, rm, stat, utimes } from 'node:fs/promises'
import { join } from 'node:path'
import type { z } from 'zod'
import { AppError } from '@shared/errors'
import type { CacheStats } from '@shared/contract'
import { isTempFile, namesIn, writeFileAtomic } from './atomic-file'

export interface CacheEntry<T> {
  data: T
  fetchedAt: number
}

interface IndexEntry {
  bytes: number
  lastUsed: number
}

function safeSegment(profileId: string): string {
  return profileId.replace(/[^a-zA-Z0-9_-]/g, '_').slice(0, 64) || '_'
}

export class DiskCache {
  private readonly index = new Map<string, IndexEntry>()
  private total = 0
  private closed = false
  /** writes under way, for close() to wait for */
  private readonly writing = new Set<Promise<void>>()

  private constructor(
    readonly dir: string,
    private limitBytes: number,
    private readonly now: () => number
  ) {}

  /** Opens the cache folder and indexes what is there; stray temporary files of interrupted writes are removed. */
  static async open(dir: string, limitBytes: number, now: () => number = Date.now): Promise<DiskCache> {
    const cache = new DiskCache(dir, limitBytes, now)
    await cache.scan()
    await cache.evict()
    return cache
  }

  private async scan(): Promise<void> {
    const found: [string, number, number][] = []
    for (const profile of await namesIn(this.dir)) {
      const folder = join(this.dir, profile)
      for (const name of await namesIn(folder)) {
        const path = join(folder, name)
        if (isTempFile(name)) {
          await rm(path, { force: true })
          continue
        }
        if (!name.endsWith('.json')) continue
        const info = await stat(path).catch(() => null)
        if (!info?.isFile()) continue
        found.push([path, info.size, info.mtimeMs])
      }
    }
    found.sort((a, b) => a[2] - b[2])
    for (const [path, bytes, lastUsed] of found) this.track(path, bytes, lastUsed)
  }

  // The Map's insertion order is the use order: re-inserting on every use keeps the least recently used first.
  private track(path: string, bytes: number, lastUsed: number): void {
    const old = this.index.get(path)
    if (old) {
      this.total -= old.bytes
      this.index.delete(path)
    }
    this.index.set(path, { bytes, lastUsed })
    this.total += bytes
  }

  private untrack(path: string): void {
    const old = this.index.get(path)
    if (!old) return
    this.total -= old.bytes
    this.index.delete(path)
  }

  pathFor(profileId: string, key: string): string {
    const hash = createHash('sha256').update(key).digest('hex').slice(0, 40)
    return join(this.dir, safeSegment(profileId), `${hash}.json`)
  }

  async get<T>(profileId: string, key: string, schema: z.ZodType<T>): Promise<CacheEntry<T> | null> {
    const path = this.pathFor(profileId, key)
    if (!this.index.has(path)) return null
    let parsed: unknown
    try {
      parsed = JSON.parse(await readFile(path, 'utf8'))
    } catch {
      await this.drop(path)
      return null
    }
    const entry = parsed as { key?: unknown; fetchedAt?: unknown; data?: unknown }
    const data = schema.safeParse(entry?.data)
    // A file that is not what we wrote (edited by hand, another key's hash collision) is dropped, not trusted.
    if (entry?.key !== key || typeof entry.fetchedAt !== 'number' || !data.success) {
      await this.drop(path)
      return null
    }
    const usedAt = this.now()
    const indexed = this.index.get(path)
    if (indexed) this.track(path, indexed.bytes, usedAt)
    // Persist the use so the least-recently-used order survives a restart; failure to do so is harmless.
    utimes(path, new Date(usedAt), new Date(usedAt)).catch(() => undefined)
    return { data: data.data, fetchedAt: entry.fetchedAt }
  }

  /** Validates, then writes atomically; an invalid value is refused and the previous copy stays whole. */
  async put<T>(profileId: string, key: string, data: T, schema: z.ZodType<T>, fetchedAt: number): Promise<void> {
    const checked = schema.safeParse(data)
    if (!checked.success) {
      const issue = checked.error.issues[0]
      throw new AppError({
        kind: 'decode',
        message: `Refused to cache ${key}: ${issue ? `${issue.path.join('.')}: ${issue.message}` : 'invalid data'}`
      })
    }
    const text = JSON.stringify({ key, fetchedAt, data })
    const bytes = Buffer.byteLength(text)
    if (bytes > this.limitBytes) return
    if (this.closed) return
    const path = this.pathFor(profileId, key)
    const write = (async () => {
      try {
        await writeFileAtomic(path, text)
      } catch (error) {
        throw new AppError({ kind: 'storage', message: `Could not write the cache: ${(error as Error).message}` })
      }
      this.track(path, bytes, this.now())
      await this.evict(path)
    })()
    const settled = write.then(
      () => undefined,
      () => undefined
    )
    this.writing.add(settled)
    void settled.finally(() => this.writing.delete(settled))
    await write
  }

  /**
   * Waits for the writes under way; later puts write nothing. Whoever removes or moves the folder after
   * shutting down (a test's teardown, an uninstaller) then finds no file still being created in it.
   */
  async close(): Promise<void> {
    this.closed = true
    while (this.writing.size > 0) await Promise.all(this.writing)
  }

  private async drop(path: string): Promise<void> {
    this.untrack(path)
    await rm(path, { force: true }).catch(() => undefined)
  }

  /** Least recently used first out, until the total is within the limit; `keep` (just written) goes last. */
  private async evict(keep?: string): Promise<void> {
    if (this.total <= this.limitBytes) return
    const victims: string[] = []
    let total = this.total
    for (const [path, entry] of this.index) {
      if (total <= this.limitBytes) break
      if (path === keep) continue
      victims.push(path)
      total -= entry.bytes
    }
    for (const path of victims) await this.drop(path)
  }

  async setLimit(limitBytes: number): Promise<void> {
    this.limitBytes = limitBytes
    await this.evict()
  }

  async clear(): Promise<void> {
    await rm(this.dir, { recursive: true, force: true })
    this.index.clear()
    this.total = 0
  }

  stats(): CacheStats {
    return { entries: this.index.size, bytes: this.total, limitBytes: this.limitBytes }
  }
}
