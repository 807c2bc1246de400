// Links a person can judge, against a service whose chains name explorers it should not: one pointing into the
// user's network (no link anywhere, the reason shown), one a look-alike of a known name (a link, its host shown
// in punycode wherever the link is pointed at). The chain cards show the URL as it opens.
import type { Page } from '@playwright/test'
import { test, expect } from './fixtures'
import { demoSample } from './demo'
import { startHostileServer } from './hostile-server'
import type { Harness } from '../support/harness'

/** every chain object's scanUrl (in the JSON and in the JSON-encoded detail strings) set to `url` */
const scanUrlsTo =
  (url: string) =>
  (text: string): string =>
    text.replace(/(\\?"scanUrl\\?":\\?")[^"\\]*/g, (_m, head: string) => head + url)

async function useService(harness: Harness, name: string, scanUrl: string): Promise<() => Promise<void>> {
  const demo = await harness.context.endpoints.demoUrls()
  const hostile = await startHostileServer(demo.baseUrl, scanUrlsTo(scanUrl))
  const saved = harness.context.settings.saveProfile({ name, baseUrl: hostile.baseUrl, rpcUrls: [hostile.rpcUrl], timeoutMs: 5000 })
  harness.context.settings.activate(saved.profiles.find((p) => p.name === name)?.id ?? '')
  return () => hostile.close()
}

/** the transfers of the demo's busiest address, and the first row's sent hash */
async function firstHash(page: Page, harness: Harness): Promise<string> {
  const { address, chainId } = (await demoSample(harness)).addresses[0]!
  await page.goto(`${harness.url}#/transfers?address=${address}&chainId=${chainId}`)
  const row = page.getByTestId('transfer-row').first()
  await expect(row).toBeVisible()
  return (await row.locator('[data-col="hashes"] [data-hash]').first().getAttribute('title'))?.split('\n')[0] ?? ''
}

test('an explorer a service names inside the private network is no link anywhere, with the reason shown', async ({ page, harness, consoleErrors }) => {
  const close = await useService(harness, 'Private scan', 'http://192.168.1.1/')
  try {
    await page.goto(harness.url)
    await expect(page.getByTestId('profile-name')).toContainText('Private scan')
    const hash = await firstHash(page, harness)
    const cell = page.getByTestId('transfer-row').first().locator('[data-col="hashes"] a[data-hash]').first()
    await expect(cell).not.toHaveAttribute('href', /./)
    await expect(cell).toHaveAttribute('data-link-refused', /192\.168\.1\.1, private network; only a URL you typed may lead there/)
    await expect(cell).toHaveAttribute('title', new RegExp(`^${hash}\\n`))

    await page.goto(`${harness.url}#/transfer?hash=${hash}`)
    await expect(page.getByTestId('leg').first()).toContainText('Source')
    await expect(page.locator('[data-link-refused]').first()).toHaveAttribute('title', /only a URL you typed/)
    await expect(page.locator('a[href*="192.168."]')).toHaveCount(0)

    await page.goto(`${harness.url}#/chains`)
    const card = page.getByTestId('chain-card').first()
    await expect(card.locator('dd[data-field="scanUrl"]')).toContainText('only a URL you typed may lead there')
    await expect(card.locator('dd[data-field="scanUrl"] a')).toHaveCount(0)
    for (const view of ['#/tokens', '#/vault', '#/overview']) {
      await page.goto(`${harness.url}${view}`)
      await page.waitForLoadState('networkidle')
      await expect(page.locator('a[href*="192.168."]')).toHaveCount(0)
    }
  } finally {
    await close()
  }
  expect(consoleErrors).toEqual([])
})

test('a look-alike explorer host is shown in punycode on the link pointed at and on the chain card', async ({ page, harness, consoleErrors }) => {
  const close = await useService(harness, 'Look-alike scan', 'https://\u0430pple.com/')
  try {
    await page.goto(harness.url)
    await expect(page.getByTestId('profile-name')).toContainText('Look-alike scan')
    const hash = await firstHash(page, harness)
    const link = page.getByTestId('transfer-row').first().locator('[data-col="hashes"] a[data-hash]').first()
    await expect(link).toHaveAttribute('href', `https://xn--pple-43d.com/tx/${hash}`)
    await link.hover()
    await expect(page.getByTestId('link-preview').locator('strong')).toHaveText('xn--pple-43d.com')
    await link.focus()
    await expect(page.getByTestId('link-preview')).toContainText(`https://xn--pple-43d.com/tx/${hash}`)

    await page.goto(`${harness.url}#/chains`)
    const scan = page.getByTestId('chain-card').first().locator('dd[data-field="scanUrl"] a')
    await expect(scan).toHaveText('https://xn--pple-43d.com/')
    await expect(scan).toHaveAttribute('data-link-host', 'xn--pple-43d.com')
  } finally {
    await close()
  }
  expect(consoleErrors).toEqual([])
})
