// The read-only way into the data folder (what the CLI uses): for any settings file the app could meet —
// valid, with bad entries, from a newer or an older version, garbage, absent — it reads exactly what the app
// reads and names what it skipped as the app does, and it leaves the folder as it found it, byte for byte. It
// never reads a file while a save holds the lock.
import { spawn } from 'node:child_process'
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import Conf from 'conf'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { Notice } from '../../../../src/shared/contract'
import { AppError } from '../../../../src/shared/errors'
import { defaultSettings, type Settings } from '../../../../src/shared/schemas/settings'
import { openDocumentStore, type BackingStoreFactory } from '../../../../src/main/store/document-store'
import { openDocumentReader } from '../../../../src/main/store/document-reader'
import { SETTINGS_DOCUMENT, WATCHLISTS_DOCUMENT } from '../../../../src/main/store/documents'
import { folderSnapshot, tempFolders } from '../../../support/folders'

const factory: BackingStoreFactory = ({ cwd, name }) => new Conf<Record<string, unknown>>({ cwd, configName: name, clearInvalidConfig: false })
const tempDir = tempFolders('bs-reader-')
const snapshot = folderSnapshot

const goodProfile = fc.record({
  id: fc.stringMatching(/^[a-z][a-z0-9_-]{0,11}$/),
  name: fc.string({ minLength: 1, maxLength: 20 }).filter((s) => s.trim().length > 0),
  kind: fc.constant('custom'),
  baseUrl: fc.constantFrom('https://bridge.example/', 'http://127.0.0.1:9/api', ''),
  rpcUrls: fc.array(fc.constantFrom('https://node-a.example/rpc', 'http://127.0.0.1:9/rpc'), { maxLength: 3 }),
  timeoutMs: fc.integer({ min: 1000, max: 120_000 }),
  maxPageSize: fc.integer({ min: 1, max: 1000 })
})
/** a profile made unusable the ways a hand edit or a disk fault would */
const badProfile = fc.oneof(
  goodProfile.map((p) => ({ ...p, name: '' })),
  goodProfile.map((p) => ({ ...p, baseUrl: 'ftp://bridge.example/' })),
  goodProfile.map((p) => ({ ...p, rpcUrls: ['not a url'] })),
  goodProfile.map((p) => ({ ...p, id: 'has spaces' })),
  goodProfile.map((p) => ({ ...p, timeoutMs: 5 })),
  goodProfile.map((p) => ({ ...p, baseUrl: 'https://user:pw@bridge.example/' })),
  fc.constantFrom(null, 7, 'profile', [])
)
const settingsDoc = fc
  .record({
    profiles: fc.array(fc.oneof(goodProfile, badProfile), { maxLength: 5 }),
    active: fc.nat(6),
    version: fc.constantFrom(1, 1, 1, 2),
    theme: fc.constantFrom('dark', 'light', 'purple'),
    extra: fc.option(fc.dictionary(fc.stringMatching(/^[a-z]{3,8}$/), fc.jsonValue(), { maxKeys: 2 }), { nil: undefined })
  })
  .map(({ profiles, active, version, theme, extra }) => {
    const all = [defaultSettings().profiles[0], ...profiles]
    const pick = all[active % all.length] as { id?: unknown } | null
    return JSON.stringify({ ...extra, ...defaultSettings(), version, theme, profiles: all, activeProfileId: typeof pick?.id === 'string' ? pick.id : 'demo' })
  })
/** what may be found in place of settings.json */
const settingsFile = fc.oneof(
  { weight: 6, arbitrary: settingsDoc },
  { weight: 1, arbitrary: fc.constantFrom('{"version": 1, "profiles": [', 'null', '[]', '', '{"baseUrl": "https://old.example/", "theme": "dark"}') },
  { weight: 1, arbitrary: fc.constant(null) }
)

/** The parts a notice says were skipped: "(a; b)" of "had N part(s) that could not be read (a; b)". */
const skipped = (notices: readonly Notice[]): string[] =>
  notices.flatMap((n) => /could not be read \((.*)\)\. Everything else/.exec(n.message)?.[1]?.split('; ') ?? [])

describe('a document opened for reading only', () => {
  it('reads what the app reads, names what it skipped as the app does, and leaves the folder byte for byte', async () => {
    await fc.assert(
      fc.asyncProperty(settingsFile, async (text) => {
        const [mine, apps] = [tempDir(), tempDir()]
        if (text !== null) for (const dir of [mine, apps]) writeFileSync(join(dir, 'settings.json'), text)
        const before = snapshot(mine)
        const readerNotices: Notice[] = []
        const reader = openDocumentReader({ ...SETTINGS_DOCUMENT, dir: mine }, readerNotices)
        const appNotices: Notice[] = []
        const app = await openDocumentStore({ ...SETTINGS_DOCUMENT, dir: apps, factory }, appNotices)
        expect(reader.get()).toEqual(app.get())
        expect(skipped(readerNotices)).toEqual(skipped(appNotices))
        expect(readerNotices.length).toBe(appNotices.length)
        expect(snapshot(mine)).toEqual(before)
      }),
      { numRuns: 60 }
    )
  })

  it('refuses every change, saying why, and writes nothing', () => {
    const dir = tempDir()
    const text = JSON.stringify({ ...defaultSettings(), theme: 'dark' })
    writeFileSync(join(dir, 'settings.json'), text)
    const reader = openDocumentReader({ ...SETTINGS_DOCUMENT, dir }, [])
    expect(() => reader.update((s) => ({ ...s, theme: 'light' }))).toThrow(/reading only/)
    expect(() => reader.set(defaultSettings())).toThrow(AppError)
    expect(reader.readOnly).toMatch(/reading only/)
    expect(readFileSync(join(dir, 'settings.json'), 'utf8')).toBe(text)
  })

  it('a file from a newer version is read as far as understood, and that is why changes are refused', () => {
    const dir = tempDir()
    writeFileSync(join(dir, 'settings.json'), JSON.stringify({ ...defaultSettings(), version: 99, theme: 'dark', later: true }))
    const notices: Notice[] = []
    const reader = openDocumentReader({ ...SETTINGS_DOCUMENT, dir }, notices)
    expect(reader.get().theme).toBe('dark')
    expect(notices.map((n) => n.message)).toEqual([expect.stringMatching(/newer Bridgescope \(settings version 99; this one reads version 1\)/)])
    expect(reader.readOnly).toMatch(/newer Bridgescope/)
  })

  it('creates nothing where there is no file, not even the folder', () => {
    const dir = join(tempDir(), 'not-yet')
    const reader = openDocumentReader({ ...WATCHLISTS_DOCUMENT, dir }, [])
    expect(reader.get()).toEqual({ addresses: [], transfers: [], epochs: [] })
    expect(() => readdirSync(dir)).toThrow(/ENOENT/)
  })

  it('sees a rewrite by another process, and reports a new bad entry once', () => {
    const dir = tempDir()
    const file = join(dir, 'settings.json')
    writeFileSync(file, JSON.stringify(defaultSettings()))
    const notices: Notice[] = []
    const reader = openDocumentReader({ ...SETTINGS_DOCUMENT, dir }, notices)
    expect(reader.get().theme).toBe('system')
    const s: Settings = { ...defaultSettings(), theme: 'dark' }
    writeFileSync(file, JSON.stringify({ ...s, profiles: [...s.profiles, { id: 'x', name: '' }] }))
    expect(reader.get().theme).toBe('dark')
    expect(reader.get().profiles.map((p) => p.id)).toEqual(['demo'])
    expect(skipped(notices)).toEqual([expect.stringMatching(/^profiles\.1: /)])
  })

  it('waits while a save holds the lock, then reads what the save wrote', async () => {
    const dir = tempDir()
    const file = join(dir, 'settings.json')
    writeFileSync(file, JSON.stringify({ ...defaultSettings(), theme: 'light' }))
    // another process takes the lock, writes the file in two halves, and lets go
    const saver = spawn(process.execPath, [
      '-e',
      `const fs = require('node:fs')
       fs.writeFileSync(${JSON.stringify(`${file}.lock`)}, process.pid + ' ' + Date.now(), { flag: 'wx' })
       const text = ${JSON.stringify(JSON.stringify({ ...defaultSettings(), theme: 'dark' }))}
       fs.writeFileSync(${JSON.stringify(file)}, text.slice(0, 20))
       process.stdout.write('held\\n')
       setTimeout(() => { fs.writeFileSync(${JSON.stringify(file)}, text); fs.rmSync(${JSON.stringify(`${file}.lock`)}) }, 600)
       setTimeout(() => {}, 900)`
    ])
    await new Promise<void>((resolve) => saver.stdout.once('data', () => resolve()))
    const started = Date.now()
    const reader = openDocumentReader({ ...SETTINGS_DOCUMENT, dir }, [])
    expect(reader.get().theme).toBe('dark')
    expect(Date.now() - started).toBeGreaterThanOrEqual(300)
    await new Promise((resolve) => saver.once('exit', resolve))
  })

  it('gives up on a lock held too long with a message that nothing was read', async () => {
    const dir = tempDir()
    writeFileSync(join(dir, 'settings.json'), JSON.stringify(defaultSettings()))
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 20000)'])
    try {
      await new Promise((resolve) => holder.once('spawn', resolve))
      writeFileSync(join(dir, 'settings.json.lock'), `${holder.pid} ${Date.now()}`)
      const reader = openDocumentReader({ ...SETTINGS_DOCUMENT, dir }, [])
      expect(() => reader.get()).toThrow(/Another Bridgescope is saving .*settings\.json; it was not read/)
    } finally {
      holder.kill()
    }
  })
})
