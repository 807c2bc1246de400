// @vitest-environment jsdom
// Scrolling the Transfers table draws new rows every frame, each with its chains' icons: one image per icon is
// kept loaded so a new row's <img> is answered from memory, and an icon that failed to load is drawn as the
// chain's abbreviation rather than asked for again by every new row.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type * as KeptIcons from '../../../../src/renderer/src/lib/transfers/kept-icons.svelte'

class FakeImage {
  static made: FakeImage[] = []
  src = ''
  referrerPolicy = ''
  onerror: (() => void) | null = null
  constructor() {
    FakeImage.made.push(this)
  }
}

async function fresh(): Promise<typeof KeptIcons> {
  vi.resetModules()
  return import('../../../../src/renderer/src/lib/transfers/kept-icons.svelte')
}

const url = (k: number): string => `/__icon?src=${encodeURIComponent(`https://icons.example/chain-${k}.svg`)}`

beforeEach(() => {
  FakeImage.made = []
  vi.stubGlobal('Image', FakeImage)
  vi.useFakeTimers()
})
afterEach(() => {
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

describe('keptIcon', () => {
  it('keeps one image per icon, however many rows draw it, and sends no referrer', async () => {
    const { keptIcon } = await fresh()
    expect(keptIcon(null)).toBeNull()
    for (let row = 0; row < 500; row++) {
      expect(keptIcon(url(row % 3))).toBe(url(row % 3))
    }
    expect(FakeImage.made.map((i) => i.src)).toEqual([url(0), url(1), url(2)])
    expect(FakeImage.made.every((i) => i.referrerPolicy === 'no-referrer')).toBe(true)
  })

  it('an icon that failed is drawn as nothing to load (the abbreviation) until it may be tried again; the others are untouched', async () => {
    const { keptIcon } = await fresh()
    keptIcon(url(0))
    keptIcon(url(1))
    FakeImage.made[0]!.onerror?.()
    for (let row = 0; row < 100; row++) expect(keptIcon(url(0))).toBeNull()
    expect(keptIcon(url(1))).toBe(url(1))
    expect(FakeImage.made).toHaveLength(2)
    // five minutes on, its host may be back: one new try
    vi.advanceTimersByTime(5 * 60_000)
    expect(keptIcon(url(0))).toBe(url(0))
    expect(keptIcon(url(0))).toBe(url(0))
    expect(FakeImage.made.map((i) => i.src)).toEqual([url(0), url(1), url(0)])
  })

  it('keeps at most 64 icons: past them an icon is still drawn, just not kept', async () => {
    const { keptIcon } = await fresh()
    for (let k = 0; k < 640; k++) expect(keptIcon(url(k))).toBe(url(k))
    expect(FakeImage.made).toHaveLength(64)
    expect(keptIcon(url(639))).toBe(url(639))
    expect(FakeImage.made).toHaveLength(64)
  })
})
