// Keyboard and small screens, at 1024, 1280 and 1920 px: the transfers table is one Tab stop with a ringed row,
// copies by key, and opens a transfer with the focus on its heading; after Load all the State column and whole
// stable values are on screen; node URLs never wrap inside their host and port.
import type { Page } from '@playwright/test'
import { test, expect } from './fixtures'
import { demoSample, expectLoadedAll } from './demo'
import type { El, Rect } from './page-dom'

// the page's own globals as the checks below use them (the node tsconfig has no DOM library, on purpose)
interface TextRange {
  setStart(node: unknown, offset: number): void
  setEnd(node: unknown, offset: number): void
  getClientRects(): ArrayLike<Rect>
}
interface PageGlobals {
  document: {
    activeElement: El | null
    createRange(): TextRange
    createTreeWalker(root: unknown, show: number): { nextNode(): { textContent: string | null } | null }
  }
  getComputedStyle(el: unknown): { outlineStyle: string; outlineWidth: string }
  navigator: { clipboard: { readText(): Promise<string> } }
}

const WIDTHS = [1024, 1280, 1920] as const

async function loadAll(page: Page, url: string, top: { address: string; chainId: number; count: number }, width: number): Promise<void> {
  await page.setViewportSize({ width, height: 800 })
  await page.goto(`${url}#/transfers?address=${top.address}&chainId=${top.chainId}`)
  await page.getByTestId('load-all').click()
  await expectLoadedAll(page, top.count)
}

for (const width of WIDTHS) {
  test(`at ${width} px the table is one Tab stop with a ringed row, C copies its hash, Enter opens it with the focus on the heading`, async ({ page, harness, consoleErrors }) => {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
    const top = (await demoSample(harness)).addresses[0]!
    await loadAll(page, harness.url, top, width)
    const grid = page.getByTestId('transfers-table')

    // reached by Tab, as a keyboard user reaches it: a row is active at once, and ringed
    await grid.focus()
    await page.keyboard.press('Shift+Tab')
    await page.keyboard.press('Tab')
    await expect(grid).toBeFocused()
    const active = grid.locator('[data-testid=transfer-row][aria-selected=true]')
    await expect(active).toHaveCount(1)
    const ring = await active.evaluate((el) => {
      const style = (globalThis as unknown as PageGlobals).getComputedStyle(el)
      return `${style.outlineStyle} ${style.outlineWidth}`
    })
    expect(ring).toBe('solid 2px')

    // the rows are one stop: tabbing on meets only the column headers' sort buttons, then leaves the table; no Copy
    // button or link of a row is a stop (fifty rows were a hundred)
    const stops: string[] = []
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press('Tab')
      const where = await page.evaluate(() => {
        const el = (globalThis as unknown as PageGlobals).document.activeElement
        if (!el?.closest('[data-testid=transfers-table]')) return null
        return el.closest('[data-testid=transfer-row]') ? `row: ${el.getAttribute('aria-label') ?? el.textContent}` : `header: ${el.textContent?.trim()}`
      })
      if (where === null) break
      stops.push(where)
    }
    expect(stops.filter((s) => s.startsWith('row:'))).toEqual([])
    expect(stops.length).toBeLessThanOrEqual(await grid.getByRole('columnheader').count())

    // copy by key on the active row, as the hint under the table says
    await expect(page.getByTestId('transfers-keys')).toContainText('C copies its sent hash')
    await grid.focus()
    await page.keyboard.press('ArrowDown')
    const row = grid.locator('[data-testid=transfer-row][aria-selected=true]')
    const hash = (await row.locator('button[data-copy]').first().getAttribute('data-copy'))!
    await page.keyboard.press('c')
    await expect.poll(() => page.evaluate(() => (globalThis as unknown as PageGlobals).navigator.clipboard.readText())).toBe(hash)

    // Enter opens it, and the keyboard starts at the Transfer view's heading, not the page body
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(new RegExp(`#/transfer\\?hash=${hash}`))
    await expect(page.getByRole('heading', { level: 1, name: 'Transfer' })).toBeFocused()
    expect(consoleErrors).toEqual([])
  })

  test(`at ${width} px after Load all the State column is on screen and no stable value is cut`, async ({ page, harness, consoleErrors }) => {
    const top = (await demoSample(harness)).addresses[0]!
    await loadAll(page, harness.url, top, width)
    const grid = page.getByTestId('transfers-table')
    await expect(grid.getByTestId('transfer-row').first()).toContainText('→')
    const box = (await grid.boundingBox())!
    const state = grid.getByRole('columnheader', { name: 'State' })
    await expect(state).toBeVisible()
    const head = (await state.boundingBox())!
    expect(head.x + head.width).toBeLessThanOrEqual(Math.min(box.x + box.width, width))
    // every stable value drawn whole in its cell (a cell too narrow for its number would cut it)
    const cut = await grid.locator('[data-testid=transfer-row] [data-col=stable]').evaluateAll((cells) =>
      cells.filter((c) => (c as unknown as { offsetParent: unknown }).offsetParent !== null && c.scrollWidth > c.clientWidth).map((c) => c.textContent)
    )
    expect(cut).toEqual([])
    // and, scrolled sideways to it, nothing on top of it: State stays at the right edge, beside it, not over it
    const stable = grid.getByTestId('transfer-row').first().locator('[data-col=stable]')
    await grid.evaluate((el) => (el.scrollLeft = el.scrollWidth))
    const s = (await stable.boundingBox())!
    const st = (await grid.getByTestId('transfer-row').first().locator('[data-col=state]').boundingBox())!
    expect(s.x + s.width <= st.x || s.x >= st.x + st.width).toBe(true)
    await page.screenshot({ path: test.info().outputPath(`transfers-loaded-${width}.png`) })
    expect(consoleErrors).toEqual([])
  })

  test(`at ${width} px node URLs in Vault and Overview never wrap inside their host and port`, async ({ page, harness, consoleErrors }) => {
    await page.setViewportSize({ width, height: 800 })
    for (const [view, cells] of [
      ['vault', '[data-testid=node-row] td:first-child'],
      ['overview', '[data-testid=node-row] td:first-child, [data-testid=health-card] li']
    ] as const) {
      await page.goto(`${harness.url}#/${view}`)
      await expect(page.locator(cells).first()).toContainText('127.0.0.1:')
      // the host and port of each URL in these cells lie on one line: every rect of their text has the same top
      const split = await page.locator(cells).evaluateAll((els) =>
        els.flatMap((el) => {
          const text = el.textContent ?? ''
          return [...text.matchAll(/\/\/([^/\s]+:\d+)/g)].flatMap((m) => {
            const start = m.index + 2
            const end = start + m[1]!.length
            // the host:port as a range over the text nodes that hold it
            const { document } = globalThis as unknown as PageGlobals
            const range = document.createRange()
            const walker = document.createTreeWalker(el, 4 /* NodeFilter.SHOW_TEXT */)
            let at = 0
            for (let n = walker.nextNode(); n; n = walker.nextNode()) {
              const len = n.textContent?.length ?? 0
              if (start >= at && start <= at + len) range.setStart(n, start - at)
              if (end >= at && end <= at + len) {
                range.setEnd(n, end - at)
                break
              }
              at += len
            }
            const tops = new Set(Array.from(range.getClientRects()).filter((r) => r.width > 0).map((r) => Math.round(r.top)))
            return tops.size > 1 ? [m[1]] : []
          })
        })
      )
      expect(split, `${view}: host and port split across lines`).toEqual([])
    }
    await page.screenshot({ path: test.info().outputPath(`overview-${width}.png`) })
    expect(consoleErrors).toEqual([])
  })
}
