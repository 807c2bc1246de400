// A long filter pass answers the rows a table shows first and counts the rest in the background (so a keystroke
// never waits behind a million-row filter): what must hold is that the early rows are exactly the view's first
// rows, the count it ends with is the whole view's, and a newer filter stops the older pass instead of queueing
// behind it.
import { describe, expect, it } from 'vitest'
import type { TransferRecord } from '../../../../src/shared/schemas/wire'
import { DatasetViews } from '../../../../src/main/dataset/views'
import { hex } from './hex'

const rows = Array.from(
  { length: 40_000 },
  (_, i) =>
    ({
      id: i,
      hash: `0x${hex(64, i * 7 + 1)}`,
      transferinHash: `0x${hex(64, i * 7 + 2)}`,
      from: '0x1111111111111111111111111111111111111111',
      to: `0x${hex(40, i % 97)}`,
      tokenObject: { symbol: 'USDT', decimal: 6 },
      timestamp: '2026-11-01 00:00:00',
      state: i % 3,
      fromChainid: 1,
      toChainid: 56
    }) as unknown as TransferRecord
)
const tick = (): Promise<void> => new Promise((r) => setImmediate(r))
/** computed in one go (syncRows above the row count): the reference every progressive answer must equal */
const whole = (text: string, state?: number): number[] => Array.from(new DatasetViews(rows, 24, Infinity).view(undefined, { text, ...(state === undefined ? {} : { state }) }))

describe('DatasetViews over more rows than a pass answers at once', () => {
  it('answers the first rows of the view at once, then counts the rest in the background', async () => {
    const views = new DatasetViews(rows, 24, 1000)
    const first = views.window(undefined, { text: 'a1' }, 40)
    expect(first.complete).toBe(false)
    expect(first.view.length).toBeGreaterThanOrEqual(40)
    const all = whole('a1')
    expect(all.length).toBeGreaterThan(first.view.length)
    expect(Array.from(first.view)).toEqual(all.slice(0, first.view.length))
    expect(Array.from(await views.whole(undefined, { text: 'a1' }))).toEqual(all)
    expect(views.window(undefined, { text: 'a1' }, 40)).toMatchObject({ complete: true })
  })

  it('finishes a pass nobody waits for, between other work', async () => {
    const views = new DatasetViews(rows, 24, 1000)
    expect(views.window(undefined, { text: '7c' }, 40).complete).toBe(false)
    for (let i = 0; i < 50 && !views.window(undefined, { text: '7c' }, 40).complete; i++) await tick()
    const done = views.window(undefined, { text: '7c' }, 40)
    expect(done.complete).toBe(true)
    expect(Array.from(done.view)).toEqual(whole('7c'))
  })

  it('a newer filter cancels the pass it replaces; the newer one counts right, refined from nothing stale', async () => {
    const views = new DatasetViews(rows, 24, 1000)
    views.window(undefined, { text: 'b' }, 40)
    const older = views.whole(undefined, { text: 'b' })
    const newer = views.window(undefined, { text: 'b5' }, 40)
    await expect(older).rejects.toMatchObject({ kind: 'cancelled' })
    expect(Array.from(newer.view)).toEqual(whole('b5').slice(0, newer.view.length))
    expect(Array.from(await views.whole(undefined, { text: 'b5' }))).toEqual(whole('b5'))
    // typing on from the whole view of 'b5' refines it: same rows as from scratch
    expect(Array.from(await views.whole(undefined, { text: 'b5e' }))).toEqual(whole('b5e'))
  })

  it('a window past the rows found so far scans on until it has them; other filters combine with the text', async () => {
    const views = new DatasetViews(rows, 24, 1000)
    const all = whole('3', 2)
    const deep = views.window(undefined, { text: '3', state: 2 }, 5000)
    expect(deep.view.length).toBeGreaterThanOrEqual(Math.min(5000, all.length))
    expect(Array.from(deep.view)).toEqual(all.slice(0, deep.view.length))
    expect(Array.from(views.view(undefined, { text: '3', state: 2 }))).toEqual(all)
  })

  it('a dataset let go stops its pass: whoever waits for the count is told, nothing runs on', async () => {
    const views = new DatasetViews(rows, 24, 1000)
    views.window(undefined, { text: 'e' }, 40)
    const waiting = views.whole(undefined, { text: 'e' })
    views.dispose()
    await expect(waiting).rejects.toMatchObject({ kind: 'cancelled', message: 'This history is no longer loaded.' })
  })
})
