// The Transfers table's columns: amounts are as wide as their longest text, and when the columns do not fit,
// the others give way in the stated order before the table scrolls sideways.
import { describe, expect, it } from 'vitest'
import { transferColumnIds, type TransferColumnId } from '../../../../src/shared/transfer-columns'
import { allCellWords } from '../../../../src/shared/chain-word'
import { FIT_STEPS, NOTHING_SEEN, columnWidths, fitColumns, widen, type ColumnChoice, type Metrics, type Seen } from '../../../../src/renderer/src/lib/transfers/columns'

const head = Object.fromEntries(transferColumnIds.map((id) => [id, 40])) as Record<TransferColumnId, number>
const metrics: Metrics = { monoCh: 7.5, timeCh: 7.2, head }
const seen: Seen = { amount: 28, received: 27, stable: 16, type: 1, duration: 7, route: 190, token: 40, state: 90, stateLabel: 70 }
const widths = columnWidths(seen, metrics)
const all = (choice: ColumnChoice = {}): number => fitColumns(Number.POSITIVE_INFINITY, widths, choice).total

describe('column widths', () => {
  it('sizes an amount column in ch of its own font: N characters always fit, whatever the font', () => {
    expect(widths.amount.css).toBe('calc(28ch + 16px)')
    expect(widths.received.css).toBe('calc(27ch + 16px)')
    expect(widths.stable.css).toBe('calc(16ch + 16px)')
    expect(widths.amount.px).toBe(28 * 7.5 + 16)
  })

  it('a column is never narrower than the longest word of its header', () => {
    const wide = columnWidths(seen, { ...metrics, head: { ...head, type: 70 } })
    expect(wide.type.px).toBeGreaterThanOrEqual(70 + 16)
    expect(wide.type.css).toBe(`calc(${Math.ceil(70 / 7.5)}ch + 16px)`)
  })

  it('the On chain column holds its mark and its longest word, full or short, in ch of its own font', () => {
    const words = allCellWords()
    const full = 2 + Math.max(...words.map((w) => w.word.length))
    const short = 2 + Math.max(...words.map((w) => w.short.length))
    expect(widths.chain.css).toBe(`calc(${full}ch + 16px)`)
    expect(widths.chainShort.css).toBe(`calc(${short}ch + 16px)`)
    expect(widths.chainShort.px).toBeLessThan(widths.chain.px)
  })

  it('widths only grow while one list is shown: a narrower row changes nothing', () => {
    const a = widen(NOTHING_SEEN, seen)
    expect(a).toEqual(seen)
    expect(widen(a, { ...seen, amount: 3 })).toBe(a)
    expect(widen(a, { ...seen, amount: 40 }).amount).toBe(40)
  })
})

describe('fitting the columns to the table', () => {
  it('draws every column whole when there is room, and takes no step', () => {
    const fit = fitColumns(all() + 1, widths, {})
    expect(fit.shown).toEqual([...transferColumnIds])
    expect(fit.steps).toEqual([])
    expect(fit.scrolls).toBe(false)
  })

  it('gives way one step at a time, in the stated order, taking only as many as it needs', () => {
    let previous = all()
    const taken: string[][] = []
    for (let room = previous; room > 0; room -= 5) {
      const fit = fitColumns(room, widths, {})
      if (taken.at(-1)?.join() !== fit.steps.join()) taken.push(fit.steps)
      // every arrangement is a prefix of the stated order
      expect(fit.steps).toEqual(FIT_STEPS.slice(0, fit.steps.length))
      if (fit.scrolls) continue
      expect(fit.total).toBeLessThanOrEqual(previous)
      expect(fit.total).toBeLessThanOrEqual(room)
      previous = fit.total
    }
    // every step in turn; and once even On chain aside cannot spare the scrolling, it is drawn again
    expect(taken.map((s) => s.length)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 6])
  })

  it('On chain shortens to its mark and short word before Type steps aside, and it is shown whole again when there is room', () => {
    const beforeShort = fitColumns(0, widths, {}).total + widths.type.px - widths.chainShort.px + widths.chain.px
    const short = fitColumns(beforeShort - 1, widths, {})
    expect(short.steps).toEqual(FIT_STEPS.slice(0, FIT_STEPS.indexOf('chain-short') + 1))
    expect(short.css.chain).toBe(widths.chainShort.css)
    expect(short.shown).toContain('type')
    expect(fitColumns(beforeShort, widths, {}).css.chain).toBe(widths.chain.css)
  })

  it('Type steps aside only after the others have given way, and shows again when there is room', () => {
    const beforeType = FIT_STEPS.indexOf('type-aside')
    const allButType = fitColumns(0, widths, {}).total + widths.type.px
    const squeezed = fitColumns(allButType - 1, widths, {})
    expect(squeezed.steps).toEqual(FIT_STEPS.slice(0, beforeType + 1))
    expect(squeezed.shown).not.toContain('type')
    expect(squeezed.shown).toContain('chain')
    expect(squeezed.aside).toEqual(['type'])
    expect(fitColumns(allButType, widths, {}).shown).toContain('type')
  })

  it('On chain steps aside last of all, only where that makes the columns fit, and shows again when there is room', () => {
    const withChain = fitColumns(0, widths, {}).total
    const squeezed = fitColumns(withChain - 1, widths, {})
    expect(squeezed.steps).toEqual([...FIT_STEPS])
    expect(squeezed.aside).toEqual(['type', 'chain'])
    expect(squeezed.scrolls).toBe(false)
    const roomy = fitColumns(withChain, widths, {})
    expect(roomy.shown).toContain('chain')
    expect(roomy.shown).not.toContain('type')
    // where even without it the table must scroll sideways, it stays, short, reached by scrolling
    const tooNarrow = fitColumns(withChain - widths.chainShort.px - 1, widths, {})
    expect(tooNarrow.scrolls).toBe(true)
    expect(tooNarrow.shown).toContain('chain')
    expect(tooNarrow.css.chain).toBe(widths.chainShort.css)
    expect(tooNarrow.steps).not.toContain('chain-aside')
    // asked for, it never steps aside
    expect(fitColumns(300, widths, { chain: true }).shown).toContain('chain')
  })

  it('past every step the table scrolls sideways, with every wanted column but the stepped-aside Type', () => {
    const fit = fitColumns(300, widths, {})
    expect(fit.scrolls).toBe(true)
    expect(fit.steps).toEqual(FIT_STEPS.filter((s) => s !== 'chain-aside'))
    expect(fit.shown).toEqual(transferColumnIds.filter((id) => id !== 'type'))
    // amounts keep their whole width however little room there is
    expect(fit.css.amount).toBe(widths.amount.css)
    expect(fit.css.received).toBe(widths.received.css)
    expect(fit.css.stable).toBe(widths.stable.css)
  })

  it('a column the user asked for never steps aside; one the user hid is never drawn; Time is always drawn', () => {
    const asked = fitColumns(300, widths, { type: true })
    expect(asked.shown).toContain('type')
    expect(asked.steps).not.toContain('type-aside')
    const hidden = fitColumns(Number.POSITIVE_INFINITY, widths, { hashes: false, stable: false, time: false })
    expect(hidden.shown).toEqual(['time', 'route', 'token', 'amount', 'received', 'state', 'type', 'duration', 'chain'])
  })

  it('hiding columns makes room: fewer steps are needed', () => {
    const room = fitColumns(0, widths, {}).total + 40
    const crowded = fitColumns(room, widths, {})
    const lighter = fitColumns(room, widths, { hashes: false })
    expect(lighter.steps.length).toBeLessThan(crowded.steps.length)
  })

  it('a step that would change nothing (its column hidden) is not taken', () => {
    const fit = fitColumns(300, widths, { route: false, hashes: false })
    expect(fit.steps).not.toContain('route-icons')
    expect(fit.steps).not.toContain('hashes-stack')
  })
})
