// Accessibility as a test. axe-core on every nav view, with data loaded, in light and dark: zero
// violations. The app's CSP refuses injected scripts, so this test alone bypasses CSP (axe-core is injected as a script).
import AxeBuilder from '@axe-core/playwright'
import { test, expect, startHarness } from './fixtures'
import { walkViews } from './walk'
import { demoSample } from './demo'

for (const theme of ['light', 'dark'] as const) {
  test(`axe finds no violation on any view in ${theme}`, async ({ browser, dataDir }) => {
    const harness = await startHarness({ dataDir, demo: { transfers: 2000, rotateEveryMs: null, watchOnFirstRun: true } })
    const context = await browser.newContext({ bypassCSP: true, viewport: { width: 1400, height: 900 }, colorScheme: theme })
    const page = await context.newPage()
    try {
      await page.goto(`${harness.url}#/overview`)
      await page.getByRole('combobox', { name: 'Theme' }).selectOption(theme)
      const found: string[] = []
      await walkViews(page, async (label) => {
        const result = await new AxeBuilder({ page }).analyze()
        for (const v of result.violations) {
          found.push(`${label}: ${v.id} — ${v.nodes.length} node(s): ${v.nodes.slice(0, 3).map((n) => `${n.target.join(' ')} ${n.failureSummary?.split('\n')[1] ?? ''}`).join(' | ')}`)
        }
      })
      expect(found).toEqual([])
    } finally {
      await context.close()
      await harness.close()
    }
  })
}

test('a skip link leads into the view, and the command palette leaves focus in the view it opened', async ({ page, harness, consoleErrors }) => {
  await page.goto(`${harness.url}#/overview`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Overview')
  await page.keyboard.press('Tab')
  const skip = page.getByRole('link', { name: 'Skip to content' })
  await expect(skip).toBeFocused()
  await expect(skip).toBeInViewport()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeFocused()
  await expect(page).toHaveURL(/#\/overview$/)

  await page.keyboard.press('Control+k')
  await page.getByTestId('palette-input').fill('tokens')
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { level: 1, name: 'Tokens' })).toBeFocused()
  expect(consoleErrors).toEqual([])
})

test('every chart has its numbers as a data table', async ({ page, dataDir, consoleErrors }) => {
  const harness = await startHarness({ dataDir, demo: { transfers: 2000, rotateEveryMs: null, watchOnFirstRun: true } })
  try {
    await page.goto(`${harness.url}#/charts`)
    const figures = page.getByTestId('volume-charts').locator('figure')
    await expect(figures).toHaveCount(3)
    for (let i = 0; i < 3; i++) {
      const figure = figures.nth(i)
      await figure.getByText('Data table').click()
      const table = figure.getByRole('table')
      await expect(table).toBeVisible()
      expect(await table.locator('tbody tr').count()).toBeGreaterThan(0)
      await expect(table.locator('tbody td').first()).toHaveText(/^[\d,.]+$/)
    }
    expect(consoleErrors).toEqual([])
  } finally {
    await harness.close()
  }
})

test('axe finds no violation in the Transfers toolbar panels and the narrow table, at 1024×700 in light and dark', async ({ browser, dataDir }) => {
  const harness = await startHarness({ dataDir })
  try {
    const heavy = (await demoSample(harness)).addresses[0]!
    const found: string[] = []
    for (const theme of ['light', 'dark'] as const) {
      const context = await browser.newContext({ bypassCSP: true, viewport: { width: 1024, height: 700 }, colorScheme: theme })
      const page = await context.newPage()
      try {
        await page.goto(`${harness.url}#/transfers?address=${heavy.address}&chainId=${heavy.chainId}`)
        await page.getByRole('combobox', { name: 'Theme' }).selectOption(theme)
        await page.getByTestId('load-all').click()
        await expect(page.getByTestId('history-summary')).toContainText('transfers loaded')
        // the table scrolled sideways, its time column pinned over the rest
        await page.getByTestId('transfers-table').evaluate((el) => (el.scrollLeft = 200))
        for (const panel of ['filters', 'columns', 'export'] as const) {
          await page.getByTestId(`${panel}-button`).click()
          await expect(page.getByTestId(`${panel}-button`)).toHaveAttribute('aria-expanded', 'true')
          const result = await new AxeBuilder({ page }).analyze()
          for (const v of result.violations) found.push(`${theme} ${panel}: ${v.id} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`)
          // Escape closes it, focus on its button
          await page.keyboard.press('Escape')
          await expect(page.getByTestId(`${panel}-button`)).toHaveAttribute('aria-expanded', 'false')
        }
      } finally {
        await context.close()
      }
    }
    expect(found).toEqual([])
  } finally {
    await harness.close()
  }
})
