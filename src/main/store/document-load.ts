// Reading one stored document from disk, the same way for the app (which then repairs the file) and for a
// reader that must leave it alone (the CLI): parse, bring an older version up to date in memory, validate,
// and salvage what validates when the whole does not. Nothing here writes.
import { existsSync, readFileSync, statSync, type Stats } from 'node:fs'
import type { z } from 'zod'
import { NewerVersionError } from './migrations'
import { salvage } from './salvage'

/** What a stored document is: its file name, its schema, its defaults and how an older version is read. */
export interface DocumentKind<T> {
  name: string
  schema: z.ZodType<T>
  defaults: () => T
  /** brings an older document up to the current version; throws NewerVersionError for a newer one */
  migrate?: (raw: unknown) => unknown
}

export type Loaded<T> =
  | { kind: 'missing' }
  | { kind: 'ok'; value: T }
  | { kind: 'salvaged'; value: T; dropped: string[] }
  | { kind: 'newer'; value: T; reason: string }
  | { kind: 'unreadable'; reason: string }

export function issueText(error: z.ZodError): string {
  const issue = error.issues[0]
  return issue ? `${issue.path.join('.') || 'document'}: ${issue.message}` : 'invalid'
}

export function load<T>(file: string, kind: DocumentKind<T>): Loaded<T> {
  if (!existsSync(file)) return { kind: 'missing' }
  let raw: unknown
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'))
  } catch (error) {
    return { kind: 'unreadable', reason: (error as Error).message }
  }
  let migrated: unknown
  try {
    migrated = kind.migrate ? kind.migrate(raw) : raw
  } catch (error) {
    if (error instanceof NewerVersionError) {
      // Show what this version understands of it; never write it.
      const understood = salvage(kind.schema, error.asCurrent, kind.defaults())
      return { kind: 'newer', value: understood.value as T, reason: error.message }
    }
    return { kind: 'unreadable', reason: (error as Error).message }
  }
  const result = kind.schema.safeParse(migrated)
  if (result.success) return { kind: 'ok', value: result.data }
  const saved = salvage(kind.schema, migrated, kind.defaults())
  if (saved.dropped.length === 0) return { kind: 'unreadable', reason: issueText(result.error) }
  return { kind: 'salvaged', value: saved.value as T, dropped: saved.dropped }
}

export function sameFile(a: Stats | null, b: Stats | null): boolean {
  if (!a || !b) return a === b
  return a.mtimeMs === b.mtimeMs && a.size === b.size && a.ino === b.ino
}

export function statOrNull(file: string): Stats | null {
  try {
    return statSync(file)
  } catch {
    return null
  }
}
