// A JSON document persisted by electron-store (in the app) or by conf, which electron-store is built on (in
// the CLI and the browser harness, where Electron is absent).
//
// Losing nothing is the rule:
// - Two processes may share one data folder (the app and `npm run web`, the CLI beside the app). Every change
//   is a read-modify-write under a lock file: the change is applied to what is on disk now, not to this
//   process's older copy, so one writer never overwrites the other's change. Reads notice a file another
//   process rewrote.
// - A file that does not validate is salvaged field by field and entry by entry: every valid entry is kept,
//   the rest is reported by name, and the original file is copied aside before anything is written.
// - A file written by a newer version is opened read-only: shown as far as this version understands it,
//   never rewritten, and a change is refused with a message saying why.
// - Fields this version does not know are kept (the schemas are loose objects).
import { copyFileSync, existsSync, rmSync, type Stats } from 'node:fs'
import { rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import type { Notice } from '@shared/contract'
import { AppError } from '@shared/errors'
import { isTempFile, namesIn } from './atomic-file'
import { issueText, load, sameFile, statOrNull, type DocumentKind } from './document-load'
import { withFileLock } from './file-lock'

/** The part of electron-store / conf we use: the whole document as one value. */
export interface BackingStore {
  store: Record<string, unknown>
  readonly path: string
}

export type BackingStoreFactory = (options: { cwd: string; name: string }) => BackingStore

export interface DocumentStoreOptions<T> extends DocumentKind<T> {
  dir: string
  factory: BackingStoreFactory
  now?: () => Date
}

export interface DocumentStore<T> {
  /** the document; re-read when another process has rewritten the file */
  get(): T
  /** read-modify-write under the data folder's lock: `change` sees what is on disk now */
  update(change: (current: T) => T): T
  set(value: T): void
  readonly path: string
  /** why changes are refused (a file from a newer version), or null */
  readonly readOnly: string | null
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
  for (const entry of await namesIn(dir)) {
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
  const lockFile = `${file}.lock`
  await removeStrayTemps(options.dir, options.name, now())
  const notify = (message: string): void => {
    notices.push({ level: 'warning', at: now().getTime(), message })
  }
  const keepAside = (label: string): string => {
    const aside = join(options.dir, `${options.name}.${label}-${timestamp(now())}.json`)
    copyFileSync(file, aside)
    return aside
  }

  let current: T = options.defaults()
  let readOnly: string | null = null
  let seen: Stats | null = null

  // The file is dealt with before electron-store/conf opens it: they refuse a file that does not parse.
  const first = load(file, options)
  let aside: string | null = null
  if (first.kind === 'salvaged') aside = keepAside('original')
  if (first.kind === 'unreadable') {
    aside = keepAside('corrupt')
    rmSync(file, { force: true })
  }
  const backing = options.factory({ cwd: options.dir, name: options.name })
  const write = (value: T): void => {
    backing.store = value
    seen = statOrNull(file)
  }

  switch (first.kind) {
    case 'missing':
    case 'unreadable':
      withFileLock(lockFile, () => {
        // Another instance may have created it meanwhile: take theirs rather than overwrite it.
        if (!existsSync(file)) return write(current)
        const loaded = load(file, options)
        if (loaded.kind === 'ok' || loaded.kind === 'salvaged') current = loaded.value
        seen = statOrNull(file)
      })
      if (first.kind === 'unreadable') notify(`Your ${options.name} file could not be read (${first.reason}). It was kept as ${aside}; defaults are in use.`)
      break
    case 'ok':
      current = first.value
      seen = statOrNull(file)
      break
    case 'newer':
      current = first.value
      readOnly = `Your ${options.name} file ${first.reason}. This version shows what it understands of it and saves no change to it; update Bridgescope to change these settings.`
      notify(readOnly)
      seen = statOrNull(file)
      break
    case 'salvaged':
      current = first.value
      withFileLock(lockFile, () => write(current))
      notify(
        `Your ${options.name} file had ${first.dropped.length} part(s) that could not be read (${first.dropped.join('; ')}). ` +
          `Everything else was kept; the original file is saved as ${aside}.`
      )
      break
  }

  /** Picks up a rewrite by another process; a file it cannot use leaves the copy in memory as it is. */
  const refresh = (): void => {
    const info = statOrNull(file)
    if (sameFile(info, seen)) return
    seen = info
    const loaded = load(file, options)
    if (loaded.kind === 'ok' || loaded.kind === 'salvaged') current = loaded.value
  }

  const update = (change: (value: T) => T): T => {
    if (readOnly) throw new AppError({ kind: 'input', message: readOnly })
    return withFileLock(lockFile, () => {
      refresh()
      const next = options.schema.safeParse(change(current))
      if (!next.success) {
        const field = next.error.issues[0]?.path.join('.')
        throw new AppError({ kind: 'input', message: issueText(next.error), ...(field ? { field } : {}) })
      }
      write(next.data)
      current = next.data
      return current
    })
  }

  return {
    path: backing.path,
    get readOnly() {
      return readOnly
    },
    get: () => {
      refresh()
      return current
    },
    update,
    set: (value: T) => {
      update(() => value)
    }
  }
}
