// A stored document opened for reading only, for a process that must never change the user's files (the
// command line beside the app). It reads with the app's own schema, migrations and salvage, so it sees what
// the app sees: one bad entry costs that entry, a file from a newer version is read as far as this version
// understands it. It writes nothing: no repair, no copy set aside, no file created where there is none, no
// migration saved. Each read takes the app's lock file for its moment, so a save in progress (which holds
// the lock) is never read half-written. What it had to skip is reported as the app reports it.
import type { Stats } from 'node:fs'
import { join } from 'node:path'
import type { Notice } from '@shared/contract'
import { AppError } from '@shared/errors'
import { load, sameFile, statOrNull, type DocumentKind, type Loaded } from './document-load'
import type { DocumentStore } from './document-store'
import { withFileLock } from './file-lock'

export interface DocumentReaderOptions<T> extends DocumentKind<T> {
  dir: string
  now?: () => Date
}

/** Where a reader's notices go: an array, as the app collects them, or a sink that prints each at once. */
export interface NoticeSink {
  push(notice: Notice): unknown
}

/**
 * Errors that mean no lock file can be made in the folder (read-only media, another user's folder): no
 * Bridgescope can be saving there through the lock either, so the file is read as it is.
 */
const CANNOT_LOCK = new Set(['EACCES', 'EPERM', 'EROFS'])

interface Read<T> {
  loaded: Loaded<T>
  info: Stats | null
}

function readLocked<T>(file: string, kind: DocumentKind<T>): Read<T> {
  const read = (): Read<T> => ({ info: statOrNull(file), loaded: load(file, kind) })
  // A missing file needs no lock, and its folder may not exist to hold one.
  if (statOrNull(file) === null) return { info: null, loaded: { kind: 'missing' } }
  try {
    return withFileLock(`${file}.lock`, read, { busy: `Another Bridgescope is saving ${file}; it was not read, try again.` })
  } catch (error) {
    if (CANNOT_LOCK.has((error as NodeJS.ErrnoException).code ?? '')) return read()
    throw error
  }
}

export function openDocumentReader<T>(options: DocumentReaderOptions<T>, notices: NoticeSink): DocumentStore<T> {
  const file = join(options.dir, `${options.name}.json`)
  const now = options.now ?? (() => new Date())
  const notify = (message: string): void => {
    notices.push({ level: 'warning', at: now().getTime(), message })
  }
  const what = `Your ${options.name} file (${file})`

  let current: T = options.defaults()
  let newer: string | null = null
  /** the file as last read; undefined until the first read, which happens on first use */
  let seen: Stats | null | undefined

  const refresh = (): void => {
    if (seen !== undefined && sameFile(statOrNull(file), seen)) return
    const first = seen === undefined
    const { loaded, info } = readLocked(file, options)
    seen = info
    newer = null
    switch (loaded.kind) {
      case 'missing':
        current = options.defaults()
        break
      case 'ok':
        current = loaded.value
        break
      case 'salvaged':
        current = loaded.value
        notify(
          `${what} had ${loaded.dropped.length} part(s) that could not be read (${loaded.dropped.join('; ')}). ` +
            'Everything else is used; the file is left as it is.'
        )
        break
      case 'newer':
        current = loaded.value
        newer = `${what} ${loaded.reason}. It is read as far as this version understands it and never changed here.`
        notify(newer)
        break
      case 'unreadable':
        // As the app does on a re-read: a file it cannot use leaves what was read before as it is.
        if (first) current = options.defaults()
        notify(`${what} could not be read (${loaded.reason}); ${first ? 'defaults are used' : 'what was read before is used'} and the file is left as it is.`)
        break
    }
  }

  const why = (): string => newer ?? `${what} is opened for reading only here; change it in the app.`
  const refuse = (): never => {
    throw new AppError({ kind: 'input', message: why() })
  }

  return {
    path: file,
    get readOnly() {
      refresh()
      return why()
    },
    get: () => {
      refresh()
      return current
    },
    update: refuse,
    set: refuse
  }
}
