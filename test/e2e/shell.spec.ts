import { test, expect } from './fixtures'

const VIEWS = ['Overview', 'Transfers', 'Transfer', 'Tokens', 'Chains', 'Vault', 'Charts', 'Settings']

test('every view is reachable from the navigation without console errors', async ({ page, harness, consoleErrors }) => {
  await page.goto(harness.url)
  const nav = page.getByRole('navigation', { name: 'Main' })
  for (const name of VIEWS) {
    await nav.getByRole('link', { name, exact: true }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name)
    await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('aria-current', 'page')
  }
  expect(consoleErrors).toEqual([])
})

test('with no endpoint configured the app runs on the demo network and says so', async ({ page, harness }) => {
  await page.goto(harness.url)
  await expect(page.getByTestId('demo-banner')).toContainText('Demo network')
  await expect(page.getByTestId('demo-banner')).toContainText('http://127.0.0.1:')
})

test('the theme choice applies at once and survives a reload', async ({ page, harness }) => {
  await page.goto(harness.url)
  const html = page.locator('html')
  await page.getByLabel('Theme').selectOption('dark')
  await expect(html).toHaveAttribute('data-theme', 'dark')
  await page.getByLabel('Theme').selectOption('light')
  await expect(html).toHaveAttribute('data-theme', 'light')
  await page.reload()
  await expect(html).toHaveAttribute('data-theme', 'light')
  await expect(page.getByLabel('Theme')).toHaveValue('light')
})

test('the page is served with the app Content-Security-Policy and window.bridgescope is frozen', async ({ page, harness }) => {
  const response = await page.goto(harness.url)
  expect(response?.headers()['content-security-policy']).toContain("default-src 'self'")
  const frozen = await page.evaluate(() => Object.isFrozen((globalThis as unknown as { bridgescope: object }).bridgescope))
  expect(frozen).toBe(true)
})

test('the harness works at http://localhost:PORT as well as at 127.0.0.1', async ({ page, harness, consoleErrors }) => {
  const url = harness.url.replace('127.0.0.1', 'localhost')
  await page.goto(`${url}#/settings`)
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible()
  await page.goto(`${url}#/chains`)
  await expect(page.getByTestId('chain-card').first()).toBeVisible()
  expect(consoleErrors).toEqual([])
})
