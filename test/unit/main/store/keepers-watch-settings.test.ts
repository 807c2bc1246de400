// The keepers' watch switch as Settings send it: through `settings:update` over the contract, each change
// keeps what it does not name, outlives a restart of the app on the same data folder, and a bad value is
// refused naming its field with nothing stored before lost.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { afterEach, describe, expect, it } from 'vitest'
import type { ChannelInput } from '../../../../src/shared/contract'
import { KEEPERS_WATCH_DEFAULTS, type Settings } from '../../../../src/shared/schemas/settings'
import type { AppContext } from '../../../../src/main/app-context'
import { dispatch } from '../../../../src/main/ipc/dispatch'
import { testContext } from '../faults/rig'

const open: AppContext[] = []
afterEach(async () => {
  while (open.length) await open.pop()?.dispose()
})

async function context(dataDir: string): Promise<AppContext> {
  const ctx = await testContext(dataDir, { transfers: 10, rotateEveryMs: null })
  open.push(ctx)
  return ctx
}

type Patch = NonNullable<ChannelInput<'settings:update'>>
type KeepersPatch = NonNullable<Patch['keepersWatch']>

const update = (ctx: AppContext, patch: unknown) => dispatch(ctx.handlers, 'settings:update', patch, { emit: () => undefined })

/** Each field a user may set, alone or with others, as the switch and its interval send them. */
const keepersPatch: fc.Arbitrary<KeepersPatch> = fc.record(
  {
    maintainers: fc.boolean(),
    solvency: fc.boolean(),
    intervalSec: fc.integer({ min: 5, max: 86_400 }),
    heartbeatStaleSec: fc.integer({ min: 60, max: 86_400 }),
    maxScannerLag: fc.integer({ min: 0, max: 1_000_000 })
  },
  { requiredKeys: [] }
)

const withoutKeepers = (s: Settings): Omit<Settings, 'keepersWatch'> => {
  const { keepersWatch: _omitted, ...rest } = s
  return rest
}

describe("the keepers' watch switch through settings:update", () => {
  it('any run of changes ends as their merge, touches nothing else, and is what the app reads after a restart', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(keepersPatch, { minLength: 1, maxLength: 5 }), async (patches) => {
        const dir = mkdtempSync(join(tmpdir(), 'bs-keepers-watch-'))
        const ctx = await context(dir)
        const before = ctx.settings.get()
        expect(before.keepersWatch).toEqual(KEEPERS_WATCH_DEFAULTS)
        let expected = { ...KEEPERS_WATCH_DEFAULTS }
        for (const p of patches) {
          const r = await update(ctx, { keepersWatch: p })
          expect(r.ok).toBe(true)
          expected = { ...expected, ...p }
          if (r.ok) expect((r.value as Settings).keepersWatch).toEqual(expected)
        }
        expect(ctx.settings.get().keepersWatch).toEqual(expected)
        expect(withoutKeepers(ctx.settings.get())).toEqual(withoutKeepers(before))
        await open.pop()?.dispose()
        const again = await context(dir)
        expect(again.settings.get().keepersWatch).toEqual(expected)
      }),
      { numRuns: 8 }
    )
  })

  it('a bad value is refused naming its field, and what was stored stays', async () => {
    const ctx = await context(mkdtempSync(join(tmpdir(), 'bs-keepers-watch-')))
    expect((await update(ctx, { keepersWatch: { maintainers: true, intervalSec: 30 } })).ok).toBe(true)
    const stored = ctx.settings.get()
    const bad: [unknown, string][] = [
      [{ maintainers: 'yes' }, 'keepersWatch.maintainers'],
      [{ solvency: 1 }, 'keepersWatch.solvency'],
      [{ intervalSec: 1 }, 'keepersWatch.intervalSec'],
      [{ intervalSec: 2.5 }, 'keepersWatch.intervalSec'],
      [{ heartbeatStaleSec: 10 }, 'keepersWatch.heartbeatStaleSec'],
      [{ dialEverything: true }, 'keepersWatch']
    ]
    for (const [keepersWatch, field] of bad) {
      const r = await update(ctx, { keepersWatch })
      expect(r.ok, JSON.stringify(keepersWatch)).toBe(false)
      if (!r.ok) {
        expect(r.error.kind).toBe('input')
        expect(r.error.field ?? '', JSON.stringify(keepersWatch)).toBe(field)
      }
      expect(ctx.settings.get()).toEqual(stored)
    }
  })

  it('an export carries the switch and an import on another app puts it back', async () => {
    const a = await context(mkdtempSync(join(tmpdir(), 'bs-keepers-watch-')))
    expect((await update(a, { keepersWatch: { maintainers: true, solvency: true, intervalSec: 120 } })).ok).toBe(true)
    const b = await context(mkdtempSync(join(tmpdir(), 'bs-keepers-watch-')))
    b.settings.importText(a.settings.exportText(new Date()).content)
    expect(b.settings.get().keepersWatch).toEqual({ ...KEEPERS_WATCH_DEFAULTS, maintainers: true, solvency: true, intervalSec: 120 })
  })
})
