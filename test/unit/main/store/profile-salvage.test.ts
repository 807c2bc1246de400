// One bad profile in settings.json costs that profile only: the app keeps every valid profile in its place,
// keeps the active one when it is valid (the demo network when it was the bad one), and names each profile it
// dropped in its notice.
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Conf from 'conf'
import fc from 'fast-check'
import { afterEach, describe, expect, it } from 'vitest'
import type { ChannelResult, Notice } from '../../../../src/shared/contract'
import type { Result } from '../../../../src/shared/errors'
import { defaultSettings, demoProfile } from '../../../../src/shared/schemas/settings'
import type { AppContext } from '../../../../src/main/app-context'
import { dispatch } from '../../../../src/main/ipc/dispatch'
import { openDocumentStore, type BackingStoreFactory } from '../../../../src/main/store/document-store'
import { SETTINGS_DOCUMENT, WATCHLISTS_DOCUMENT } from '../../../../src/main/store/documents'
import { SettingsRepo } from '../../../../src/main/store/settings-repo'
import { testContext } from '../faults/rig'

const factory: BackingStoreFactory = ({ cwd, name }) => new Conf<Record<string, unknown>>({ cwd, configName: name, clearInvalidConfig: false })
const dirs: string[] = []
const open: AppContext[] = []
afterEach(async () => {
  while (open.length) await open.pop()?.dispose()
  while (dirs.length) rmSync(dirs.pop() as string, { recursive: true, force: true })
})
const tempDir = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'bs-profiles-'))
  dirs.push(dir)
  return dir
}

const profile = (id: string) => ({ id, name: `Profile ${id}`, kind: 'custom', baseUrl: `https://${id}.example/`, rpcUrls: [`https://${id}.example/rpc`], timeoutMs: 5000, maxPageSize: 50 })
/** ways one profile entry goes bad: a hand edit, a half-written field, a value out of range */
const spoil = fc.constantFrom<(p: ReturnType<typeof profile>) => unknown>(
  (p) => ({ ...p, name: '' }),
  (p) => ({ ...p, baseUrl: 'not a url' }),
  (p) => ({ ...p, rpcUrls: 'https://one.example/rpc' }),
  (p) => ({ ...p, id: '../../etc' }),
  (p) => ({ ...p, maxPageSize: 0 }),
  () => null,
  () => 'a profile'
)
const entries = fc.uniqueArray(fc.record({ id: fc.stringMatching(/^[a-z][a-z0-9]{0,7}$/), spoilt: fc.option(spoil, { nil: undefined }) }), {
  selector: (e) => e.id,
  maxLength: 6
})

describe('a malformed profile in settings.json', () => {
  it('costs that profile only: the others are kept in order, the active one stays, the notice names what was dropped', async () => {
    await fc.assert(
      fc.asyncProperty(entries, fc.nat(), async (list, pick) => {
        const dir = tempDir()
        const written = [demoProfile(), ...list.map((e) => (e.spoilt ? e.spoilt(profile(e.id)) : profile(e.id)))]
        const active = list.length ? (list[pick % list.length] as (typeof list)[number]) : null
        writeFileSync(join(dir, 'settings.json'), JSON.stringify({ ...defaultSettings(), profiles: written, activeProfileId: active?.id ?? 'demo' }))
        const notices: Notice[] = []
        const repo = new SettingsRepo(
          await openDocumentStore({ ...SETTINGS_DOCUMENT, dir, factory }, notices),
          await openDocumentStore({ ...WATCHLISTS_DOCUMENT, dir, factory }, notices)
        )
        const kept = list.filter((e) => !e.spoilt).map((e) => e.id)
        expect(repo.get().profiles.map((p) => p.id)).toEqual(['demo', ...kept])
        expect(repo.activeProfile().id).toBe(active && !active.spoilt ? active.id : 'demo')
        const dropped = list.flatMap((e, i) => (e.spoilt ? [`profiles.${i + 1}`] : []))
        const named = notices.flatMap((n) => [...n.message.matchAll(/profiles\.\d+(?=: )/g)].map((m) => m[0]))
        expect(named).toEqual(dropped)
      }),
      { numRuns: 40 }
    )
  })

  it('in the running app: the good active profile is in use and the bad one is named on screen', async () => {
    const dir = tempDir()
    const s = defaultSettings()
    writeFileSync(
      join(dir, 'settings.json'),
      JSON.stringify({ ...s, profiles: [...s.profiles, profile('mine'), { ...profile('broken'), baseUrl: 'ftp://broken.example/' }], activeProfileId: 'mine' })
    )
    const ctx = await testContext(dir, { transfers: 50, rotateEveryMs: null })
    open.push(ctx)
    const info = (await dispatch(ctx.handlers, 'app:info', undefined, { emit: () => undefined })) as Result<ChannelResult<'app:info'>>
    if (!info.ok) throw new Error(info.error.message)
    expect(info.value.profile.id).toBe('mine')
    expect(info.value.notices.map((n) => n.message).join('\n')).toMatch(/profiles\.2: baseUrl: /)
    expect(ctx.settings.get().profiles.map((p) => p.id)).toEqual(['demo', 'mine'])
    // the app repairs the file and keeps the original beside it
    expect(readdirSync(dir).some((n) => n.startsWith('settings.original-'))).toBe(true)
  })
})
