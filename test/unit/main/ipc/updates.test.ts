import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Conf from 'conf'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createAppContext, type AppContext } from '../../../../src/main/app-context'
import { dispatch } from '../../../../src/main/ipc/dispatch'
import type { Updater } from '../../../../src/main/updater'
import { testDemo } from '../../../support/demo-plan'

const contexts: AppContext[] = []
afterEach(async () => {
  while (contexts.length) await contexts.pop()?.dispose()
})

function fakeUpdater(): Updater {
  return {
    checkNow: vi.fn(() => Promise.resolve({ available: true, version: '9.9.9' })),
    download: vi.fn(() => Promise.resolve({ ok: true, version: '9.9.9' })),
    installAndRestart: vi.fn(() => true),
    status: vi.fn(() => ({ phase: 'idle' as const })),
    dispose: vi.fn()
  }
}

async function context(updater?: () => Promise<Updater>): Promise<AppContext> {
  const ctx = await createAppContext({ demo: testDemo(),
    dataDir: mkdtempSync(join(tmpdir(), 'bs-upd-')),
    storeFactory: ({ cwd, name }) => new Conf<Record<string, unknown>>({ cwd, configName: name, clearInvalidConfig: false }),
    shell: 'electron',
    version: '1.0.0',
    broadcast: () => undefined,
    watch: { enabled: false },
    ...(updater ? { updater } : {})
  })
  contexts.push(ctx)
  return ctx
}

const call = (ctx: AppContext, channel: 'updates:check' | 'updates:download' | 'updates:install') =>
  dispatch(ctx.handlers, channel, undefined, { emit: () => undefined })

describe('update channels', () => {
  it('with updates off (the default) nothing is loaded and nothing is asked', async () => {
    const factory = vi.fn(() => Promise.resolve(fakeUpdater()))
    const ctx = await context(factory)
    expect(await call(ctx, 'updates:check')).toEqual({
      ok: true,
      value: { available: false, disabled: true, error: 'Updates are turned off in Settings.' }
    })
    expect(await call(ctx, 'updates:download')).toMatchObject({ ok: true, value: { ok: false } })
    expect(factory).not.toHaveBeenCalled()
  })

  it('when turned on, checks only when asked and downloads only on the explicit request', async () => {
    const u = fakeUpdater()
    const ctx = await context(() => Promise.resolve(u))
    ctx.settings.update({ updates: { enabled: true } })
    expect(u.checkNow).not.toHaveBeenCalled()
    expect(await call(ctx, 'updates:check')).toEqual({ ok: true, value: { available: true, version: '9.9.9' } })
    expect(u.download).not.toHaveBeenCalled()
    expect(await call(ctx, 'updates:download')).toEqual({ ok: true, value: { ok: true, version: '9.9.9' } })
    expect(await call(ctx, 'updates:install')).toEqual({ ok: true, value: { installing: true } })
  })

  it('an unpackaged build says so instead of checking', async () => {
    const ctx = await context()
    ctx.settings.update({ updates: { enabled: true } })
    expect(await call(ctx, 'updates:check')).toMatchObject({ ok: true, value: { available: false, error: 'Updates are checked only in installed builds.' } })
  })
})
