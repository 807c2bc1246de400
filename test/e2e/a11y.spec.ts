// 14.9: accessibility as a test. axe-core on every nav view, with data loaded, in light and dark: zero
// violations. The app's CSP refuses injected scripts, so this test alone bypasses CSP (STACK-NOTES).
import AxeBuilder from '@axe-core/playwright'
import { test, expect, startHarness } from './fixtures'
import { walkViews } from './walk'

for (const theme of ['light', 'dark'] as const) {
  test(`14.9 axe finds no violation on any view in ${theme}`, async ({ browser, dataDir }) => {
    const harness = await startHarness({ dataDir, demo: { transfers: 2000, rotateEveryMs: null } })
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
