// Watching you can see: a vault rotation on the demo network shows as a toast (role=status) and as the
// newest entry of the Activity view, in the vault's own words (epoch, key, addresses), filterable, linking to its diff, with a
// relative time that ticks from the one shared clock.
import type { Page } from '@playwright/test'
import { test, expect } from './fixtures'

type R<T> = { ok: true; value: T } | { ok: false; error: { message: string } }

/** The watcher has its first snapshot: only then is a rotation a change. */
async function watcherHasSnapshot(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const r = (await (globalThis as unknown as { bridgescope: { watchStatus(): Promise<R<{ vault: unknown }>> } }).bridgescope.watchStatus()) as R<{ vault: unknown }>
        return r.ok ? r.value.vault !== null : false
      })
    )
    .toBe(true)
}

async function rotateAndRecheck(page: Page, baseUrl: string): Promise<void> {
  const rotated = await fetch(`${baseUrl}/__sim/rotate`, { method: 'POST' })
  expect(rotated.ok).toBe(true)
  await page.evaluate(async () => {
    const api = (globalThis as unknown as { bridgescope: Record<string, (i?: unknown) => Promise<R<unknown>>> }).bridgescope
    await api.watchRecheck!({})
  })
}

test('a watch event shows as a toast and in Activity (newest first, filterable, linked, ticking time)', async ({ page, harness, consoleErrors }) => {
  await page.goto(`${harness.url}#/activity`)
  await expect(page.getByRole('heading', { level: 1, name: 'Activity' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Activity' })).toHaveAttribute('aria-current', 'page')
  await watcherHasSnapshot(page)
  const demo = await harness.context.endpoints.demoUrls()
  await rotateAndRecheck(page, demo.baseUrl)

  // the in-app alert, announced politely
  const toasts = page.getByRole('status').filter({ has: page.getByTestId('toast') })
  await expect(toasts.getByTestId('toast')).toHaveCount(1)
  await expect(toasts.getByTestId('toast')).toContainText(/Vault epoch \d+ → \d+/)
  await expect(toasts.getByTestId('toast')).toContainText('key rotated: 0x04')

  const entries = page.getByTestId('activity-entry')
  await expect(entries).toHaveCount(1)
  await expect(entries.first()).toContainText('Vault change')
  await expect(entries.first()).toContainText('key rotated: 0x04')
  await expect(entries.first().getByRole('link')).toHaveAttribute('href', /^#\/vault\?diff=vault-change/)

  await rotateAndRecheck(page, demo.baseUrl)
  await expect(entries).toHaveCount(2)
  // newest first: the later rotation's epoch is the higher one
  const epochs = (await entries.getByRole('link').allTextContents()).map((t) => Number(/→ (\d+)/.exec(t)?.[1]))
  expect(epochs[0]).toBeGreaterThan(epochs[1]!)

  // filters: by kind and by text; what does not match is hidden, nothing else changes
  await page.getByLabel('Kind').selectOption('stuck')
  await expect(entries).toHaveCount(0)
  await expect(page.getByTestId('activity-empty')).toHaveText('No event matches the filter.')
  await page.getByLabel('Kind').selectOption('vault-change')
  await expect(entries).toHaveCount(2)
  await page.getByLabel('Text').fill(`→ ${epochs[0]}`)
  await expect(entries).toHaveCount(1)
  await page.getByLabel('Text').fill('')

  // relative time ticks (one shared clock): it moves past "0 s ago" without a reload
  const time = entries.last().getByTestId('activity-time')
  const first = await time.textContent()
  await expect(time).not.toHaveText(first ?? '')

  await page.screenshot({ path: test.info().outputPath('activity.png'), fullPage: true })
  expect(consoleErrors).toEqual([])
})

test('the Overview’s "Last change" opens the diff the watcher already computed', async ({ page, harness }) => {
  await page.goto(harness.url)
  await watcherHasSnapshot(page)
  const demo = await harness.context.endpoints.demoUrls()
  await rotateAndRecheck(page, demo.baseUrl)
  const link = page.getByTestId('vault-card').getByRole('link', { name: /epoch \d+ → \d+/ })
  await link.click()
  await expect(page).toHaveURL(/#\/vault\?diff=vault-change/)
  const watched = page.getByTestId('watched-change')
  await expect(watched).toContainText(/Vault epoch \d+ → \d+/)
  await expect(page.getByTestId('watched-summary')).toContainText('key rotated: 0x04')
  await watched.getByRole('button', { name: /Raw changes by JSON path/ }).click()
  await expect(watched).toContainText('changed $[0].public_key')
})
