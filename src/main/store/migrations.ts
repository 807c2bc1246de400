// Settings documents from older versions, brought up to the current one step by step.
import { DEMO_PROFILE_ID, SETTINGS_VERSION, demoProfile } from '@shared/schemas/settings'

type Doc = Record<string, unknown>
type Migration = (doc: Doc) => Doc

/**
 * Version 0 is the pre-release format: one endpoint as { baseUrl, rpcUrl, theme, timeoutMs } with no version
 * field. It becomes a custom profile beside the demo profile, and stays the active one.
 */
const migrations: Record<number, Migration> = {
  0: (doc) => {
    const profiles = [demoProfile()] as Doc[]
    let active = DEMO_PROFILE_ID
    if (typeof doc.baseUrl === 'string' && doc.baseUrl) {
      profiles.push({
        id: 'migrated',
        name: 'My endpoint',
        kind: 'custom',
        baseUrl: doc.baseUrl,
        rpcUrls: typeof doc.rpcUrl === 'string' && doc.rpcUrl ? [doc.rpcUrl] : [],
        timeoutMs: typeof doc.timeoutMs === 'number' ? doc.timeoutMs : 15_000,
        maxPageSize: 100
      })
      active = 'migrated'
    }
    const out: Doc = { version: 1, profiles, activeProfileId: active }
    if (doc.theme !== undefined) out.theme = doc.theme
    return out
  }
}

/** A document from a newer version: it is opened read-only, as far as this version understands it. */
export class NewerVersionError extends Error {
  constructor(
    readonly version: number,
    /** the document with this version's number, for reading only */
    readonly asCurrent: unknown,
    current: number = SETTINGS_VERSION,
    what = 'settings'
  ) {
    super(`was written by a newer Bridgescope (${what} version ${version}; this one reads version ${current})`)
  }
}

/**
 * The watch-list document had no version field until now; a file that names a version newer than this
 * one's is opened read-only, like a newer settings file.
 */
export const WATCHLISTS_VERSION = 1
export function migrateWatchlists(raw: unknown): unknown {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return raw
  const doc = raw as Doc
  if (typeof doc.version === 'number' && doc.version > WATCHLISTS_VERSION) {
    throw new NewerVersionError(doc.version, { ...doc, version: WATCHLISTS_VERSION }, WATCHLISTS_VERSION, 'watch lists')
  }
  return raw
}

export function migrateSettings(raw: unknown): unknown {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return raw
  let doc = raw as Doc
  let version = typeof doc.version === 'number' ? doc.version : 0
  if (version > SETTINGS_VERSION) {
    throw new NewerVersionError(version, { ...doc, version: SETTINGS_VERSION })
  }
  while (version < SETTINGS_VERSION) {
    const step = migrations[version]
    if (!step) throw new Error(`no migration from settings version ${version}`)
    doc = step(doc)
    version = typeof doc.version === 'number' ? doc.version : version + 1
  }
  return doc
}
