// 12.9: the harness answers its page at localhost as well as at 127.0.0.1 (its Host check allows both own
// names), and the page's calls and event stream work from either origin.
import { test, expect } from './fixtures'

test('12.9 the app works when opened at http://localhost:PORT', async ({ page, harness, consoleErrors }) => {
  const url = harness.url.replace('127.0.0.1', 'localhost')
  await page.goto(url)
  const nav = page.getByRole('navigation', { name: 'Main' })
  await nav.getByRole('link', { name: 'Chains', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Chains')
  // An IPC round trip from the localhost origin (the demo banner comes from app:info).
  await expect(page.getByTestId('demo-banner')).toContainText('Demo network')
  expect(consoleErrors).toEqual([])
})
