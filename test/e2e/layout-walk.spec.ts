// Everything on screen can be reached and read, at the window sizes people use (1024×700, 1280×800,
// 1920×1080) in light and dark: every view of the nav with its data, the Transfers history loaded whole, and
// every panel a toolbar opens. Nothing shown lies outside the window where no scrolling brings it, no text in
// a table cell is cut by its cell, no placeholder by its input (reach.ts). Amounts and hashes whole are
// numbers-whole.spec.ts's. One test per size and theme, so two cores share them.
import { test, expect, startHarness } from './fixtures'
import { demoSample, expectLoadedAll } from './demo'
import { layoutProblems, type Problem } from './reach'
import { walkViews } from './walk'

const SIZES = [
  { width: 1024, height: 700 },
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 }
] as const

for (const theme of ['light', 'dark'] as const) {
  for (const size of SIZES) {
    const at = `${size.width}×${size.height} in ${theme}`
    test(`every view reachable and its table text whole at ${at}`, async ({ browser, dataDir }) => {
      const harness = await startHarness({ dataDir, demo: { transfers: 2000, rotateEveryMs: null, watchOnFirstRun: true } })
      const context = await browser.newContext({ viewport: size, colorScheme: theme })
      const page = await context.newPage()
      const consoleErrors: string[] = []
      page.on('console', (m) => m.type() === 'error' && consoleErrors.push(m.text()))
      const found: Problem[] = []
      const check = async (where: string): Promise<void> => {
        for (const p of await layoutProblems(page)) found.push({ ...p, what: `${at}, ${where}: ${p.what}` })
      }
      /** each panel the view's toolbar folds away, opened and checked, then closed */
      const openPanels = async (where: string): Promise<void> => {
        const openers = page.locator('main .popover > button[aria-expanded]')
        for (let i = 0; i < (await openers.count()); i++) {
          const opener = openers.nth(i)
          if (!(await opener.isVisible()) || (await opener.getAttribute('aria-expanded')) !== 'false') continue
          const name = ((await opener.textContent()) ?? '').trim()
          await opener.click()
          await expect(opener).toHaveAttribute('aria-expanded', 'true')
          await check(`${where}, ${name} open`)
          await page.keyboard.press('Escape')
          await expect(opener).toHaveAttribute('aria-expanded', 'false')
        }
      }
      try {
        await page.goto(`${harness.url}#/overview`)
        await page.getByRole('combobox', { name: 'Theme' }).selectOption(theme)
        const heavy = (await demoSample(harness)).addresses[0]!
        const walked = await walkViews(page, async (label) => {
          await check(label)
          await openPanels(label)
        })
        // Transfers with the whole history loaded: its toolbar has the Filters and Export panels too
        await page.goto(`${harness.url}#/transfers?address=${heavy.address}&chainId=${heavy.chainId}`)
        await page.getByTestId('load-all').click()
        await expectLoadedAll(page, heavy.count)
        await check('Transfers (loaded)')
        await openPanels('Transfers (loaded)')
        // what must not change: the walk saw the whole nav
        expect(walked.length).toBeGreaterThanOrEqual(8)
        expect(found).toEqual([])
        expect(consoleErrors).toEqual([])
      } finally {
        await context.close()
        await harness.close()
      }
    })
  }
}
