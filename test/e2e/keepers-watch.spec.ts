// The keepers' watch is the user's to turn on, in Settings beside the watcher's other options, where it says
// what each round dials; the Vault view and the watcher follow it, and it outlives a reload.
import { test, expect } from './fixtures'

test("the keepers' watch: off until turned on in Settings, then in the Vault view and the watcher, kept across a reload", async ({
  page,
  harness,
  consoleErrors
}) => {
  const before = harness.context.settings.get()
  expect(before.keepersWatch).toMatchObject({ maintainers: false, solvency: false })
  await page.goto(`${harness.url}#/vault`)
  const watched = page.getByTestId('keepers-watched')
  await expect(watched).toHaveAttribute('data-watched', 'false')
  await expect(watched).toContainText('Not watched')

  await page.goto(`${harness.url}#/settings`)
  const panel = page.getByTestId('keepers-watch')
  // what a round dials is said before the switch is used
  await expect(panel).toContainText("Each round dials every maintainer's node")
  await expect(panel).toContainText("each router chain's RPC")
  const maintainers = panel.getByRole('checkbox', { name: /Watch the maintainers/ })
  const solvency = panel.getByRole('checkbox', { name: /Watch the vault's solvency/ })
  await expect(maintainers).not.toBeChecked()
  await expect(solvency).not.toBeChecked()
  await maintainers.check()
  await expect.poll(() => harness.context.settings.get().keepersWatch.maintainers).toBe(true)
  // only what the switch names changed
  const after = harness.context.settings.get()
  expect(after.keepersWatch).toEqual({ ...before.keepersWatch, maintainers: true })
  expect({ ...after, keepersWatch: before.keepersWatch }).toEqual(before)

  // the watcher runs the checks: the demo network's keepers (a node down, a scanner lagging) become alerts
  await expect
    .poll(async () => {
      await harness.context.watch.recheck()
      return harness.context.watch.readLog({ limit: 1000 }).some((e) => e.kind.startsWith('keeper-'))
    })
    .toBe(true)

  await page.goto(`${harness.url}#/vault`)
  await expect(watched).toHaveAttribute('data-watched', 'true')
  await expect(watched).toContainText('The watcher checks the maintainers every 60 s')

  await page.reload()
  await expect(watched).toHaveAttribute('data-watched', 'true')
  await page.goto(`${harness.url}#/settings`)
  await expect(maintainers).toBeChecked()
  await expect(solvency).not.toBeChecked()

  // and off again: the Vault view says so
  await maintainers.uncheck()
  await expect.poll(() => harness.context.settings.get().keepersWatch.maintainers).toBe(false)
  await page.goto(`${harness.url}#/vault`)
  await expect(watched).toHaveAttribute('data-watched', 'false')
  expect(consoleErrors).toEqual([])
})
