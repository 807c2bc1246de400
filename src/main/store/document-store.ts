// A JSON document persisted by electron-store (in the app) or by conf, which electron-store is built on (in
// the CLI and the browser harness, where Electron is absent). Before the store opens its file we read and
// validate it ourselves: a file that does not parse or validate is moved aside with a timestamp and the
// user is told, so nothing is silently dropped.
import { existsSync } from 'node:fs'
import { readdir, readFile, rename, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import type { z } from 'zod'
import type { Notice } from '@shared/contract'
import { isTempFile } from './atomic-file'

/** The part of electron-store / conf we use: the whole document as one value. */
export interface BackingStore {
  store: Record<string, unknown>
  readonly path: string
}

export type BackingStoreFactory = (options: { cwd: string; name: string }) => BackingStore

export interface DocumentStoreOptions<T> {
  dir: string
  name: string
  schema: z.ZodType<T>
  defaults: () => T
  /** brings an older document up to the current version; throws when it cannot */
  migrate?: (raw: unknown) => unknown
  factory: BackingStoreFactory
  now?: () => Date
}

export interface DocumentStore<T> {
  get(): T
  set(value: T): void
  readonly path: string
}

function timestamp(d: Date): string {
  return d.toISOString().replace(/[:.]/g, '-')
}

/** A temporary file older than this is the leftover of a write that died (a live write takes milliseconds). */
const STRAY_AFTER_MS = 60_000

/**
 * Removes `<name>.json.tmp-*` files left by a write that was killed before its rename (conf writes through
 * a temporary file); young ones may belong to another process writing right now (the CLI beside the app).
 */
async function removeStrayTemps(dir: string, name: string, now: Date): Promise<void> {
  let names: string[]
  try {
    names = await readdir(dir)
  } catch {
    return
  }
  for (const entry of names) {
    if (!entry.startsWith(`${name}.json`) || !isTempFile(entry)) continue
    const path = join(dir, entry)
    const info = await stat(path).catch(() => null)
    if (info?.isFile() && now.getTime() - info.mtimeMs > STRAY_AFTER_MS) await rm(path, { force: true }).catch(() => undefined)
  }
}

export async function openDocumentStore<T extends Record<string, unknown>>(
  options: DocumentStoreOptions<T>,
  notices: Notice[]
): Promise<DocumentStore<T>> {
  const now = options.now ?? (() => new Date())
  const file = join(options.dir, `${options.name}.json`)
  await removeStrayTemps(options.dir, options.name, now())
  let initial: T = options.defaults()
  if (existsSync(file)) {
    let reason: string | null = null
    try {
      const raw: unknown = JSON.parse(await readFile(file, 'utf8'))
      const migrated = options.migrate ? options.migrate(raw) : raw
      const result = options.schema.safeParse(migrated)
      if (result.success) initial = result.data
      else {
        const issue = result.error.issues[0]
        reason = issue ? `${issue.path.join('.') || 'document'}: ${issue.message}` : 'invalid'
      }
    } catch (error) {
      reason = (error as Error).message
    }
    if (reason !== null) {
      const aside = join(options.dir, `${options.name}.corrupt-${timestamp(now())}.json`)
      await rename(file, aside)
      notices.push({
        level: 'warning',
        at: now().getTime(),
        message: `Your ${options.name} file could not be read (${reason}). It was kept as ${aside}; defaults are in use.`
      })
    }
  }
  const backing = options.factory({ cwd: options.dir, name: options.name })
  backing.store = initial
  // The validated copy in memory is the truth while we run (conf re-reads its file on every access).
  let current = initial
  return {
    path: backing.path,
    get: () => current,
    set: (value: T) => {
      const checked = options.schema.parse(value)
      backing.store = checked
      current = checked
    }
  }
}
