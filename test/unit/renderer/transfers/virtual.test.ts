import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { covers, nextActive, runsOut, scrollToShow, visibleRange, windowFor } from '../../../../src/renderer/src/lib/transfers/virtual'

describe('visibleRange', () => {
  it('draws the rows in view plus overscan, clamped to the list', () => {
    expect(visibleRange(0, 340, 34, 100_000, 8)).toEqual({ start: 0, end: 19 })
    expect(visibleRange(34 * 1000, 340, 34, 100_000, 8)).toEqual({ start: 992, end: 1019 })
    expect(visibleRange(34 * 99_995, 340, 34, 100_000, 8)).toEqual({ start: 99_987, end: 100_000 })
  })
  it('draws nothing for an empty list and never more than the list', () => {
    expect(visibleRange(0, 500, 34, 0)).toEqual({ start: 0, end: 0 })
    expect(visibleRange(0, 5000, 34, 3)).toEqual({ start: 0, end: 3 })
  })
  it('keeps the DOM small however tall the list is', () => {
    const r = visibleRange(1_234_567, 800, 34, 100_000, 8)
    expect(r.end - r.start).toBeLessThanOrEqual(Math.ceil(800 / 34) + 1 + 16)
  })
})

describe('windowFor and covers', () => {
  it('asks for an aligned window of about 200 rows around the range, within main’s 500-row cap', () => {
    const w = windowFor({ start: 1000, end: 1030 }, 100_000)
    expect(w.offset % 50).toBe(0)
    expect(w.offset).toBeLessThanOrEqual(1000)
    expect(w.offset + w.limit).toBeGreaterThanOrEqual(1030)
    expect(w.limit).toBeLessThanOrEqual(500)
    expect(covers({ offset: w.offset, count: w.limit }, { start: 1000, end: 1030 })).toBe(true)
  })
  it('does not ask past the end', () => {
    const w = windowFor({ start: 99_980, end: 100_000 }, 100_000)
    expect(w.offset + w.limit).toBeLessThanOrEqual(100_000)
    expect(w.offset + w.limit).toBe(100_000)
  })
  it('small scrolls stay inside the held window, large ones need a new one', () => {
    const w = windowFor({ start: 500, end: 530 }, 100_000)
    const have = { offset: w.offset, count: w.limit }
    expect(covers(have, { start: 520, end: 550 })).toBe(true)
    expect(covers(have, { start: 5000, end: 5030 })).toBe(false)
    expect(covers(null, { start: 0, end: 10 })).toBe(false)
    expect(covers(null, { start: 0, end: 0 })).toBe(true)
  })
})

describe('keyboard navigation', () => {
  it('arrows, pages, Home and End move within the list', () => {
    expect(nextActive('ArrowDown', -1, 10, 5)).toBe(0)
    expect(nextActive('ArrowDown', 9, 10, 5)).toBe(9)
    expect(nextActive('ArrowUp', 0, 10, 5)).toBe(0)
    expect(nextActive('PageDown', 2, 10, 5)).toBe(7)
    expect(nextActive('PageUp', 2, 10, 5)).toBe(0)
    expect(nextActive('Home', 5, 10, 5)).toBe(0)
    expect(nextActive('End', 5, 10, 5)).toBe(9)
    expect(nextActive('x', 5, 10, 5)).toBeNull()
    expect(nextActive('ArrowDown', 0, 0, 5)).toBeNull()
  })
  it('scrolls just enough to show the active row', () => {
    expect(scrollToShow(0, 340, 340, 34)).toBe(0)
    expect(scrollToShow(20, 0, 340, 34)).toBe(21 * 34 - 340)
    expect(scrollToShow(5, 0, 340, 34)).toBe(0)
  })
})

describe('runsOut', () => {
  it('is true exactly when the held window ends within the margin of the range, on a side where the list goes on', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 0, max: 999_999 }),
        fc.integer({ min: 1, max: 500 }),
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: 0, max: 80 }),
        fc.integer({ min: 0, max: 500 }),
        (total, rawOffset, rawCount, gap, span, margin) => {
          const offset = rawOffset % total
          const count = Math.min(rawCount, total - offset)
          const start = Math.min(offset + gap, offset + count)
          const need = { start, end: Math.min(start + span, offset + count) }
          const out = runsOut({ offset, count }, need, total, margin)
          if (need.end <= need.start) {
            expect(out).toBe(false)
            return
          }
          const before = offset > 0 && need.start - offset < margin
          const after = offset + count < total && offset + count - need.end < margin
          expect(out).toBe(before || after)
        }
      )
    )
  })
  it('never at the list’s ends: a window holding the whole list never runs out', () => {
    expect(runsOut({ offset: 0, count: 30 }, { start: 0, end: 30 }, 30, 60)).toBe(false)
    expect(runsOut({ offset: 0, count: 250 }, { start: 0, end: 41 }, 100_000, 60)).toBe(false)
    expect(runsOut({ offset: 99_750, count: 250 }, { start: 99_959, end: 100_000 }, 100_000, 60)).toBe(false)
  })
})
