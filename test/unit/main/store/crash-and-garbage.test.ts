// The settings and watchlists documents survive a crash in the middle of a write (conf writes a temporary
// file and renames it over the old one), and a file edited into garbage is moved aside and reported through
// app:info, with the app running on defaults.
import { spawn } from 'node:child_process'
import { readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createAppContext } from '../../../../src/main/app-context'
import { dispatch } from '../../../../src/main/ipc/dispatch'
import { openDocumentStore } from '../../../../src/main/store/document-store'
import { migrateSettings } from '../../../../src/main/store/migrations'
import type { AppInfo, Notice } from '../../../../src/shared/contract'
import { defaultSettings, settingsSchema, type Settings } from '../../../../src/shared/schemas/settings'
import { confFactory, tempDir } from '../faults/rig'
import { testDemo } from '../../../support/demo-plan'

/** Two valid, large (~1 MB) settings documents that differ everywhere, so a torn write could not pass as either. */
function documentFor(tag: string): Settings {
  const state: Record<string, string> = {}
  for (let i = 0; i < 20_000; i++) state[String(i)] = `${tag}-${i}-${'x'.repeat(30)}`
  return { ...defaultSettings(), labels: { state, type: {} } }
}

// Writes A, says "ready", then writes A and B alternately through conf until killed.
const WRITER = `
import Conf from 'conf'
import { readFileSync } from 'node:fs'
const dir = process.argv[1]
const [a, b] = [process.argv[2], process.argv[3]].map((f) => JSON.parse(readFileSync(f, 'utf8')))
const conf = new Conf({ cwd: dir, configName: 'settings', clearInvalidConfig: false })
conf.store = a
process.stdout.write('ready\\n')
for (let i = 0; ; i++) conf.store = i % 2 ? a : b
`

function killMidWrite(dir: string, a: Settings, b: Settings, afterMs: number): Promise<void> {
  const src = tempDir('bs-crash-src-')
  writeFileSync(join(src, 'a.json'), JSON.stringify(a))
  writeFileSync(join(src, 'b.json'), JSON.stringify(b))
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', WRITER, dir, join(src, 'a.json'), join(src, 'b.json')], {
      cwd: process.cwd(),
      stdio: ['ignore', 'pipe', 'pipe']
    })
    let err = ''
    child.stderr.on('data', (d: Buffer) => (err += d.toString()))
    child.stdout.once('data', () => setTimeout(() => child.kill('SIGKILL'), afterMs))
    child.once('exit', (_code, signal) => (signal === 'SIGKILL' ? resolve() : reject(new Error(`writer exited on its own: ${err}`))))
  })
}

describe('a crash in the middle of a settings write', () => {
  it('leaves the previous or the next document, whole, every time', async () => {
    const a = documentFor('A')
    const b = documentFor('B')
    const dir = tempDir('bs-crash-')
    const seen = new Set<string>()
    for (const afterMs of [3, 17, 41, 90]) {
      await killMidWrite(dir, a, b, afterMs)
      const onDisk = JSON.parse(readFileSync(join(dir, 'settings.json'), 'utf8')) as Settings
      const which = JSON.stringify(onDisk) === JSON.stringify(a) ? 'A' : JSON.stringify(onDisk) === JSON.stringify(b) ? 'B' : 'torn'
      expect(which).not.toBe('torn')
      seen.add(which)
      // and the app opens it without moving anything aside
      const notices: Notice[] = []
      await openDocumentStore<Settings>(
        { dir, name: 'settings', schema: settingsSchema, defaults: defaultSettings, migrate: migrateSettings, factory: confFactory },
        notices
      )
      expect(notices).toEqual([])
    }
    expect(seen.size).toBeGreaterThan(0)
  })

  it('removes temporary files a killed write left behind, once they are old enough not to be in flight', async () => {
    const dir = tempDir('bs-stray-')
    writeFileSync(join(dir, 'settings.json'), JSON.stringify(defaultSettings()))
    writeFileSync(join(dir, 'settings.json.tmp-123abc'), '{"half')
    writeFileSync(join(dir, 'settings.json.tmp-456def'), '{"in flight')
    const old = new Date(Date.now() - 5 * 60_000)
    utimesSync(join(dir, 'settings.json.tmp-123abc'), old, old)
    const notices: Notice[] = []
    await openDocumentStore<Settings>(
      { dir, name: 'settings', schema: settingsSchema, defaults: defaultSettings, migrate: migrateSettings, factory: confFactory },
      notices
    )
    expect(notices).toEqual([])
    expect(readdirSync(dir).sort()).toEqual(['settings.json', 'settings.json.tmp-456def'])
  })
})

describe('store files edited into garbage', () => {
  it('are moved aside and reported through app:info, and the app runs on defaults', async () => {
    const dataDir = tempDir('bs-garbage-')
    writeFileSync(join(dataDir, 'settings.json'), '{"version":1,"profiles":[{"id":')
    writeFileSync(join(dataDir, 'watchlists.json'), Buffer.from([0xff, 0xfe, 0x00, 0x7b]))
    const context = await createAppContext({ demo: testDemo(), dataDir, storeFactory: confFactory, shell: 'harness', version: 't', broadcast: () => undefined, watch: { enabled: false } })
    try {
      const call = (channel: string, input?: unknown) => dispatch(context.handlers, channel, input, { emit: () => undefined })
      const info = await call('app:info')
      expect(info.ok).toBe(true)
      const notices = info.ok ? (info.value as AppInfo).notices : []
      expect(notices.map((n) => n.level)).toEqual(['warning', 'warning'])
      expect(notices[0]?.message).toMatch(/settings file could not be read/)
      expect(notices[1]?.message).toMatch(/watchlists file could not be read/)
      const aside = readdirSync(dataDir).filter((n) => n.includes('.corrupt-'))
      expect(aside.sort().map((n) => n.split('.')[0])).toEqual(['settings', 'watchlists'])
      for (const name of aside) expect(notices.some((n) => n.message.includes(name))).toBe(true)
      // The app works on defaults and can save again.
      expect(await call('settings:get')).toMatchObject({ ok: true, value: { activeProfileId: 'demo' } })
      expect(await call('settings:update', { theme: 'dark' })).toMatchObject({ ok: true, value: { theme: 'dark' } })
      expect(await call('watchlists:get')).toEqual({ ok: true, value: { addresses: [], transfers: [], epochs: [] } })
    } finally {
      await context.dispose()
    }
  })
})
