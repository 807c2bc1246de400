// The transfers grid at the two window sizes people use: whole at 1400×900 (Duration and Hashes
// without sideways scrolling), more than eight rows at 1024×700, a tooltip on every cell that can clip, a
// copy icon that renders (inline SVG, not a font glyph), and no Tab stop on a row's Copy buttons.
import { test, expect } from './fixtures'
import { demoSample, expectLoadedAll } from './demo'
import type { El } from './page-dom'

test('at 1400x900 the transfers grid shows Duration and Hashes without sideways scrolling', async ({ page, harness, consoleErrors }) => {
  const top = (await demoSample(harness)).addresses[0]!
  await page.setViewportSize({ width: 1400, height: 900 })
  await page.goto(`${harness.url}#/transfers?address=${top.address}&chainId=${top.chainId}`)
  const grid = page.getByTestId('transfers-table')
  await expect(grid.getByTestId('transfer-row').first()).toContainText('→')
  const fits = await grid.evaluate((el) => el.scrollWidth <= el.clientWidth)
  expect(fits).toBe(true)
  const box = (await grid.boundingBox())!
  for (const name of ['Duration', 'Hashes (sent / received)']) {
    const header = (await grid.getByRole('columnheader', { name }).boundingBox())!
    expect(header.x + header.width).toBeLessThanOrEqual(box.x + box.width)
  }
  // every cell that can clip says its whole text as a tooltip: route, stable value, state, type
  const row = grid.getByTestId('transfer-row').first()
  const cells = row.getByRole('gridcell')
  for (const i of [0, 1, 5, 6, 7]) expect(await cells.nth(i).getAttribute('title')).toBeTruthy()
  expect(await cells.nth(1).getAttribute('title')).toMatch(/ → /)
  // the copy icon is drawn (an SVG with a size), not a glyph a font may lack
  const icon = row.getByRole('button', { name: /^Copy hash/ }).first().locator('svg')
  expect((await icon.boundingBox())!.width).toBeGreaterThan(8)
  expect(consoleErrors).toEqual([])
})

test('at 1024x700 more than eight rows are visible, and Tab never stops on a row’s Copy buttons', async ({ page, harness, consoleErrors }) => {
  const top = (await demoSample(harness)).addresses[0]!
  await page.setViewportSize({ width: 1024, height: 700 })
  await page.goto(`${harness.url}#/transfers?address=${top.address}&chainId=${top.chainId}`)
  const grid = page.getByTestId('transfers-table')
  await expect(grid.getByTestId('transfer-row').first()).toContainText('→')
  const box = (await grid.boundingBox())!
  const bottom = Math.min(box.y + box.height, 700)
  let visible = 0
  for (const row of await grid.getByTestId('transfer-row').all()) {
    const r = await row.boundingBox()
    if (r && r.y >= box.y && r.y + r.height <= bottom) visible += 1
  }
  expect(visible).toBeGreaterThan(8)

  // the rows' Copy buttons are not Tab stops (the active row copies with C: keyboard-widths.spec.ts)
  await grid.focus()
  for (let i = 0; i < 8; i++) {
    await page.keyboard.press('Tab')
    const inRow = await page.evaluate(() => !!(globalThis as unknown as { document: { activeElement: El | null } }).document.activeElement?.closest('[data-testid=transfer-row]'))
    expect(inRow).toBe(false)
  }
  expect(consoleErrors).toEqual([])
})

test('Overview watched list has column headers', async ({ page, harness, consoleErrors }) => {
  const top = (await demoSample(harness)).addresses[0]!
  await page.goto(`${harness.url}#/transfers?address=${top.address}&chainId=${top.chainId}`)
  await page.getByRole('button', { name: 'Watch address' }).click()
  await page.goto(`${harness.url}#/overview`)
  const watched = page.getByTestId('watched-address')
  await expect(watched.locator('tbody tr')).toHaveCount(5)
  for (const h of ['Sent hash', 'Time', 'Route', 'Amount', 'State']) await expect(watched.getByRole('columnheader', { name: h })).toHaveCount(1)
  expect(await watched.locator('tbody tr').first().locator('[title*=" → "]').count()).toBe(1)
  expect(consoleErrors).toEqual([])
})

for (const width of [1024, 1280, 1920]) {
  test(`at ${width} px the Filters panel opens inside the window, every control in it reachable`, async ({ page, harness, consoleErrors }) => {
    const top = (await demoSample(harness)).addresses[0]!
    await page.setViewportSize({ width, height: 800 })
    await page.goto(`${harness.url}#/transfers?address=${top.address}&chainId=${top.chainId}`)
    await page.getByTestId('load-all').click()
    await expectLoadedAll(page, top.count)
    await page.getByTestId('filters-button').click()
    const panel = page.getByTestId('filters-panel')
    await expect(panel).toBeVisible()
    const box = (await panel.boundingBox())!
    expect(box.x).toBeGreaterThanOrEqual(0)
    expect(box.x + box.width).toBeLessThanOrEqual(width)
    for (const control of await panel.locator('select, input, button').all()) {
      const b = (await control.boundingBox())!
      expect(b.x).toBeGreaterThanOrEqual(0)
      expect(b.x + b.width).toBeLessThanOrEqual(width)
    }
    // nothing overhangs the page sideways
    expect(await page.locator('html').evaluate((html) => html.scrollWidth <= html.clientWidth)).toBe(true)
    await panel.getByLabel('To date').fill('2030-01-01')
    await expect(panel.getByLabel('To date')).toHaveValue('2030-01-01')
    expect(consoleErrors).toEqual([])
  })
}
