// Fuzzing what the app reads from disk: settings/watchlists files, cache entries and imported settings.
// Whatever the bytes, the app starts (defaults plus a notice), the cache answers null, and import is all
// or nothing with an input error.
import { existsSync, readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import type { Notice } from '../../../../src/shared/contract'
import { AppError } from '../../../../src/shared/errors'
import { defaultSettings, settingsSchema, watchlistsSchema, type Settings, type Watchlists } from '../../../../src/shared/schemas/settings'
import { DiskCache } from '../../../../src/main/store/cache'
import { openDocumentStore } from '../../../../src/main/store/document-store'
import { migrateSettings } from '../../../../src/main/store/migrations'
import { SettingsRepo } from '../../../../src/main/store/settings-repo'
import { confFactory, tempDir } from '../faults/rig'
import { arbitraryBytes, expectCleanPrototypes, expectNoPollution, pollutingJson } from './hostile'

const fileBytes = fc.oneof(
  arbitraryBytes,
  pollutingJson.map((t) => new TextEncoder().encode(t)),
  fc.json().map((j) => new TextEncoder().encode(JSON.stringify({ ...defaultSettings(), theme: JSON.parse(j) as unknown })))
)

function openSettings(dir: string, notices: Notice[]) {
  return openDocumentStore<Settings>(
    { dir, name: 'settings', schema: settingsSchema, defaults: defaultSettings, migrate: migrateSettings, factory: confFactory },
    notices
  )
}

describe('settings file with arbitrary bytes', () => {
  it('opens with a valid document; anything unusable is kept aside and reported', async () => {
    await fc.assert(
      fc.asyncProperty(fileBytes, async (bytes) => {
        const dir = tempDir('bs-fuzz-store-')
        writeFileSync(join(dir, 'settings.json'), bytes)
        const notices: Notice[] = []
        const store = await openSettings(dir, notices)
        expect(settingsSchema.safeParse(store.get()).success).toBe(true)
        expectCleanPrototypes(store.get())
        // Unreadable files are kept as .corrupt-, salvaged ones as .original-; a newer version's is only read.
        const aside = readdirSync(dir).filter((n) => n.startsWith('settings.corrupt-') || n.startsWith('settings.original-'))
        expect(aside.length + (store.readOnly ? 1 : 0)).toBe(notices.length)
        expect(notices.length <= 1).toBe(true)
        expectNoPollution()
      }),
      { numRuns: 60 }
    )
  })
})

describe('cache entries with arbitrary bytes', () => {
  it('answer null (or the value, if the bytes happen to be a valid entry) and drop the file', async () => {
    const dir = tempDir('bs-fuzz-cache-')
    const cache = await DiskCache.open(dir, 10 * 1024 * 1024)
    const schema = z.object({ n: z.number() })
    await fc.assert(
      fc.asyncProperty(fileBytes, async (bytes) => {
        await cache.put('p', 'k', { n: 1 }, schema, 1)
        writeFileSync(cache.pathFor('p', 'k'), bytes)
        const got = await cache.get('p', 'k', schema)
        if (got === null) expect(existsSync(cache.pathFor('p', 'k'))).toBe(false)
        else expect(schema.safeParse(got.data).success).toBe(true)
        expectCleanPrototypes(got)
        expectNoPollution()
      }),
      { numRuns: 80 }
    )
  })
})

describe('settings import with arbitrary text', () => {
  it('throws only input AppErrors and changes nothing unless the whole file is valid', async () => {
    const dir = tempDir('bs-fuzz-import-')
    const notices: Notice[] = []
    const settings = await openSettings(dir, notices)
    const watch = await openDocumentStore<Watchlists>(
      { dir, name: 'watchlists', schema: watchlistsSchema, defaults: () => watchlistsSchema.parse({}), factory: confFactory },
      notices
    )
    const repo = new SettingsRepo(settings, watch)
    const valid = repo.exportText().content
    const text = fc.oneof(
      fc.string(),
      fc.json(),
      pollutingJson,
      fc.tuple(fc.nat(), fc.nat(), fc.json()).map(([a, b, junk]) => {
        const i = a % valid.length
        return valid.slice(0, i) + junk + valid.slice(Math.min(valid.length, i + (b % 40)))
      })
    )
    fc.assert(
      fc.property(text, (content) => {
        const before = { s: repo.get(), w: repo.getWatchlists() }
        try {
          const out = repo.importText(content)
          expect(settingsSchema.safeParse(out.settings).success).toBe(true)
          expectCleanPrototypes(out)
        } catch (error) {
          expect(error).toBeInstanceOf(AppError)
          expect((error as AppError).kind).toBe('input')
          expect({ s: repo.get(), w: repo.getWatchlists() }).toEqual(before)
        }
        expectNoPollution()
      }),
      { numRuns: 200 }
    )
  })
})
