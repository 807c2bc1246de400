// The Transfers table's columns keep their widths for a loaded history: sized from the widest value of the
// whole history (main finds it), not from the rows in view, so scrolling from the first row to the last, or
// sorting, never changes a width — and no cell's text is cut on the way (reach.ts's check of table text).
// Sorting: the whole header cell sorts (a click on its padding too), Stable value among them.
import type { Page } from '@playwright/test'
import { test, expect, startHarness } from './fixtures'
import { demoSample, expectLoadedAll, expectRowsDrawn, expectViewShown } from './demo'
import { layoutProblems, type Problem } from './reach'

const SIZES = [
  { width: 1024, height: 700 },
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 }
] as const

/** each drawn column's header width, px, by column */
function headerWidths(page: Page): Promise<Record<string, number>> {
  return page
    .getByTestId('transfers-table')
    .locator('[role=columnheader]')
    .evaluateAll((cells) =>
      Object.fromEntries(
        cells
          .map((c) => [c.getAttribute('data-col') ?? '?', Math.round(c.getBoundingClientRect().width * 10) / 10] as const)
          .filter(([, w]) => w > 0)
      )
    )
}

/** text cut in a table cell, where it is (the rest of reach.ts's findings belong to the layout walk) */
async function cutCells(page: Page, where: string): Promise<Problem[]> {
  return (await layoutProblems(page)).filter((p) => p.why.startsWith('cut by')).map((p) => ({ ...p, what: `${where}: ${p.what}` }))
}

test('column widths stay put from the first row to the last and across sorts, with no cell cut, at 1024, 1280 and 1920 px', async ({ browser, dataDir }) => {
  const harness = await startHarness({ dataDir, demo: { transfers: 2000, rotateEveryMs: null } })
  const context = await browser.newContext({ viewport: SIZES[0] })
  const page = await context.newPage()
  const consoleErrors: string[] = []
  page.on('console', (m) => m.type() === 'error' && consoleErrors.push(m.text()))
  try {
    const heavy = (await demoSample(harness)).addresses[0]!
    const grid = page.getByTestId('transfers-table')
    const cut: Problem[] = []
    const moved: string[] = []
    for (const size of SIZES) {
      await page.setViewportSize(size)
      await page.goto(`${harness.url}#/transfers?address=${heavy.address}&chainId=${heavy.chainId}`)
      if (size === SIZES[0]) await page.getByTestId('load-all').click()
      await expectLoadedAll(page, heavy.count)
      await expect(grid.getByTestId('transfer-row').first()).not.toContainText('Loading row')
      const at = `${size.width} px`
      const first = await headerWidths(page)
      const same = async (where: string): Promise<void> => {
        const now = await headerWidths(page)
        if (JSON.stringify(now) !== JSON.stringify(first)) moved.push(`${at} ${where}: ${JSON.stringify(first)} → ${JSON.stringify(now)}`)
      }

      // top to bottom, a viewport at a time, every row on the way drawn and checked
      const { scrollHeight, clientHeight } = await grid.evaluate((el) => ({ scrollHeight: el.scrollHeight, clientHeight: el.clientHeight }))
      expect(scrollHeight, 'the history is taller than the table').toBeGreaterThan(clientHeight * 3)
      for (let top = 0; ; top += clientHeight) {
        await grid.evaluate((el, t) => (el.scrollTop = t), top)
        // the rows of this place, not the place before (the scroll is taken at the next frame)
        await expectRowsDrawn(page)
        await expect(grid.getByText(/^Loading row/)).toHaveCount(0)
        cut.push(...(await cutCells(page, `${at} @${top}`)))
        if (top + clientHeight >= scrollHeight) break
      }
      await same('scrolled to the last row')

      // the whole header cell sorts: a click in its padding, at its right edge, not on its words
      const clickEdge = async (col: string): Promise<void> => {
        const cell = grid.locator(`[role=columnheader][data-col=${col}]`)
        // where the table scrolls sideways, the cell is brought into it first, as a user would
        await cell.scrollIntoViewIfNeeded()
        const box = (await cell.boundingBox())!
        await page.mouse.click(box.x + box.width - 3, box.y + box.height - 3)
      }
      const amount = grid.locator('[role=columnheader][data-col=amount]')
      const before = await amount.getAttribute('aria-sort')
      await clickEdge('amount')
      await expect(amount).toHaveAttribute('aria-sort', before === 'descending' ? 'ascending' : 'descending')
      // the rows of the new order, not the last one's, are the ones checked
      await expectViewShown(page)
      await expect(grid.getByText(/^Loading row/)).toHaveCount(0)
      await same('sorted by Amount')
      cut.push(...(await cutCells(page, `${at} sorted by Amount`)))
      // the hashes are on screen after that sort wherever the table did not scroll sideways before it
      const fits = await grid.evaluate((el) => el.scrollWidth <= el.clientWidth)
      if (fits) {
        const hashes = (await grid.locator('[role=columnheader][data-col=hashes]').boundingBox())!
        const table = (await grid.boundingBox())!
        expect(hashes.x + hashes.width, `${at}: the hashes column ends inside the table`).toBeLessThanOrEqual(table.x + table.width + 0.5)
      }

      // Stable value sorts too, from its edge as well
      const stable = grid.locator('[role=columnheader][data-col=stable]')
      if (await stable.isVisible()) {
        await clickEdge('stable')
        await expect(stable).toHaveAttribute('aria-sort', /ascending|descending/)
        await expect(amount).toHaveAttribute('aria-sort', 'none')
        await expectViewShown(page)
        await expect(grid.getByText(/^Loading row/)).toHaveCount(0)
        await same('sorted by Stable value')
      }
      // back to the newest first for the next size
      const time = grid.locator('[role=columnheader][data-col=time]')
      await grid.evaluate((el) => (el.scrollLeft = 0))
      await clickEdge('time')
      await expect(time).toHaveAttribute('aria-sort', /ascending|descending/)
    }
    expect(moved).toEqual([])
    expect(cut).toEqual([])
    expect(consoleErrors).toEqual([])
  } finally {
    await context.close()
    await harness.close()
  }
})
