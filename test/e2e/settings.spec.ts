import { readFileSync } from 'node:fs'
import { test, expect } from './fixtures'
import { demoSample } from './demo'

test('add a profile for the demo URLs, test it, activate it', async ({ page, harness, consoleErrors }) => {
  const { baseUrl, rpcUrl } = await harness.context.endpoints.demoUrls()
  await page.goto(`${harness.url}#/settings`)
  await page.getByRole('button', { name: 'Add profile' }).click()
  const form = page.getByRole('form', { name: 'New profile' })
  await form.getByLabel('Name').fill('Local sim')
  await form.getByLabel('Query service URL').fill(baseUrl)
  await form.getByLabel(/RPC node URLs/).fill(rpcUrl)
  await form.getByRole('button', { name: 'Test connection' }).click()
  await expect(form.getByTestId('latency')).toHaveCount(2)
  await expect(form.getByTestId('endpoint-checks')).toContainText('Query service')
  await expect(form.getByTestId('endpoint-checks')).toContainText('RPC node 1')
  await form.getByRole('button', { name: 'Save profile' }).click()

  const row = page.getByTestId('profile-row').filter({ hasText: 'Local sim' })
  await expect(row).toBeVisible()
  await row.getByRole('button', { name: 'Activate' }).click()
  await expect(row.getByTestId('active-badge')).toBeVisible()
  await expect(page.getByTestId('profile-name')).toContainText('Local sim')
  await expect(page.getByTestId('demo-banner')).toHaveCount(0)
  expect(harness.context.settings.activeProfile().name).toBe('Local sim')

  // The Demo network cannot be edited or deleted; the new profile can, after a confirmation.
  const demo = page.getByTestId('profile-row').filter({ hasText: 'Demo network' })
  await expect(demo.getByRole('button', { name: 'Delete' })).toHaveCount(0)
  await row.getByRole('button', { name: 'Delete' }).click()
  await row.getByRole('button', { name: 'Cancel' }).click()
  await expect(row).toBeVisible()
  await row.getByRole('button', { name: 'Delete' }).click()
  await row.getByRole('group').getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByTestId('profile-row').filter({ hasText: 'Local sim' })).toHaveCount(0)
  await expect(page.getByTestId('profile-name')).toContainText('Demo network')

  await page.screenshot({ path: test.info().outputPath('settings.png'), fullPage: true })
  expect(consoleErrors).toEqual([])
})

test('a profile test shows each failing endpoint with its error', async ({ page, harness }) => {
  await page.goto(`${harness.url}#/settings`)
  await page.getByRole('button', { name: 'Add profile' }).click()
  const form = page.getByRole('form', { name: 'New profile' })
  await form.getByLabel('Name').fill('Dead')
  await form.getByLabel('Query service URL').fill('http://127.0.0.1:9/')
  await form.getByLabel(/RPC node URLs/).fill('http://127.0.0.1:9/rpc')
  await form.getByLabel(/^Timeout/).fill('2')
  await form.getByRole('button', { name: 'Test connection' }).click()
  await expect(form.getByTestId('endpoint-checks').getByText(/failed:/)).toHaveCount(2)
})

test('Add profile puts the cursor in Name; Enter moves on without saving; the error names the line from 1', async ({ page, harness }) => {
  await page.goto(`${harness.url}#/settings`)
  await page.getByRole('button', { name: 'Add profile' }).click()
  const form = page.getByRole('form', { name: 'New profile' })
  // the first keystrokes land in the form, not on the page
  await page.keyboard.type('Typed at once')
  await expect(form.getByLabel(/^Name/)).toHaveValue('Typed at once')
  await page.keyboard.press('Enter')
  await expect(form.getByLabel('Query service URL')).toBeFocused()
  expect(harness.context.settings.get().profiles).toHaveLength(1)
  await page.keyboard.type('https://bridge.example.org')
  await form.getByLabel(/RPC node URLs/).fill('https://node.example.org\nftp://second.example.org')
  await page.keyboard.press('Control+Enter')
  await expect(form.getByRole('alert')).toHaveText('RPC node URLs, line 2: must be an http(s) URL, such as https://example.org')
  expect(harness.context.settings.get().profiles).toHaveLength(1)
})

test('an invalid URL is refused with the message under its field', async ({ page, harness }) => {
  await page.goto(`${harness.url}#/settings`)
  await page.getByRole('button', { name: 'Add profile' }).click()
  const form = page.getByRole('form', { name: 'New profile' })
  await form.getByLabel('Name').fill('Broken')
  await form.getByLabel('Query service URL').fill('javascript:alert(1)')
  await form.getByRole('button', { name: 'Save profile' }).click()
  await expect(form.getByRole('alert')).toContainText('http(s) URL')
  await expect(form.getByLabel('Query service URL')).toHaveAttribute('aria-invalid', 'true')
  await form.getByLabel('Query service URL').fill('https://bridge.example.org')
  await form.getByLabel(/RPC node URLs/).fill('ftp://node.example.org')
  await form.getByRole('button', { name: 'Save profile' }).click()
  await expect(form.getByLabel(/RPC node URLs/)).toHaveAttribute('aria-invalid', 'true')
  expect(harness.context.settings.get().profiles).toHaveLength(1)
})

test('export downloads a JSON file; a bad import shows an error and changes nothing', async ({ page, harness }) => {
  await page.goto(`${harness.url}#/settings`)
  // A label, so there is something an import could wipe out.
  await page.getByLabel('state value', { exact: true }).fill('1')
  await page.getByLabel('state label', { exact: true }).fill('completed')
  await page.getByTestId('labels-state').getByRole('button', { name: 'Add' }).click()
  await expect(page.getByTestId('labels-state')).toContainText('completed')

  const downloading = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export settings…' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toMatch(/^bridgescope-settings-\d{4}-\d{2}-\d{2}\.json$/)
  const exported = JSON.parse(readFileSync(await download.path(), 'utf8')) as { app: string; settings: { labels: { state: Record<string, string> } } }
  expect(exported.app).toBe('bridgescope')
  expect(exported.settings.labels.state['1']).toBe('completed')

  const before = JSON.stringify(harness.context.settings.get())
  const input = page.getByLabel('Import settings file')
  await input.setInputFiles({ name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from('{"app":"bridgescope","settings":{"version":1}}') })
  await expect(page.getByTestId('import-error')).toContainText('Importing bad.json failed')
  await expect(page.getByTestId('import-error')).toContainText('Nothing was changed')
  await input.setInputFiles({ name: 'garbage.json', mimeType: 'application/json', buffer: Buffer.from('not json at all') })
  await expect(page.getByTestId('import-error')).toContainText('not JSON')
  expect(JSON.stringify(harness.context.settings.get())).toBe(before)
  await expect(page.getByTestId('labels-state')).toContainText('completed')

  // A good file (the export, with the label changed) says what it would change and waits for a yes;
  // Cancel changes nothing, Replace applies it.
  const good = { ...exported, settings: { ...exported.settings, labels: { ...exported.settings.labels, state: { '1': 'done' } } } }
  await input.setInputFiles({ name: 'good.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(good)) })
  await expect(page.getByTestId('import-confirm')).toContainText('Replace your settings with good.json?')
  await expect(page.getByTestId('import-confirm')).toContainText('labels:')
  await page.getByTestId('import-confirm').getByRole('button', { name: 'Cancel' }).click()
  await expect(page.getByTestId('import-confirm')).toHaveCount(0)
  expect(JSON.stringify(harness.context.settings.get())).toBe(before)
  await input.setInputFiles({ name: 'good.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(good)) })
  expect(JSON.stringify(harness.context.settings.get())).toBe(before)
  await page.getByRole('button', { name: 'Replace my settings' }).click()
  await expect(page.getByTestId('io-note')).toContainText('Imported good.json')
  await expect(page.getByTestId('labels-state')).toContainText('done')
})

test('labels, stuck routes, poll intervals and the cache are edited in place', async ({ page, harness }) => {
  await page.goto(`${harness.url}#/settings`)
  await page.getByLabel('type value', { exact: true }).fill('4')
  await page.getByLabel('type label', { exact: true }).fill('cross-chain')
  await page.getByTestId('labels-type').getByRole('button', { name: 'Add' }).click()
  await expect(page.getByTestId('labels-type')).toContainText('cross-chain')
  await page.getByRole('button', { name: 'Remove type label 4' }).click()
  await expect(page.getByTestId('labels-type')).not.toContainText('cross-chain')

  await page.getByLabel('From chain id').fill('1')
  await page.getByLabel('To chain id').fill('56')
  await page.getByLabel('Route minutes').fill('45')
  await page.getByRole('button', { name: 'Add route' }).click()
  await expect(page.getByTestId('stuck-routes')).toContainText('1 → 56')
  expect(harness.context.settings.get().stuckThresholds.routes['1-56']).toBe(45)

  await page.getByLabel('Vault watch every').fill('120')
  await page.getByLabel('Vault watch every').blur()
  await expect(page.getByText('Poll interval saved.')).toBeVisible()
  expect(harness.context.settings.get().pollIntervals.vaultSec).toBe(120)
  await page.getByLabel('Vault watch every').fill('1')
  await page.getByLabel('Vault watch every').blur()
  // named as the form labels it, never by its settings path
  await expect(page.getByText('Not saved: Vault watch every: at least 5')).toBeVisible()
  await expect(page.getByText(/pollIntervals/)).toHaveCount(0)

  // A change saves only what it names: each change above kept every other: a state label, the route and the interval all survive a
  // theme switch and another label, made from the page as a user makes them.
  await page.getByLabel('state value', { exact: true }).fill('3')
  await page.getByLabel('state label', { exact: true }).fill('refunded')
  await page.getByTestId('labels-state').getByRole('button', { name: 'Add' }).click()
  await expect(page.getByTestId('labels-state')).toContainText('refunded')
  await page.locator('#settings-theme').selectOption('dark')
  await expect.poll(() => harness.context.settings.get().theme).toBe('dark')
  const kept = harness.context.settings.get()
  expect(kept.stuckThresholds).toEqual({ defaultMinutes: 120, routes: { '1-56': 45 } })
  expect(kept.pollIntervals.vaultSec).toBe(120)
  expect(kept.labels.state['3']).toBe('refunded')

  // Fill the cache, then clear it after confirming.
  await page.goto(`${harness.url}#/chains`)
  await expect(page.getByTestId('chain-card').first()).toBeVisible()
  await page.goto(`${harness.url}#/settings`)
  await expect(page.getByTestId('cache-stats')).toContainText(/[1-9]\d* entries/)
  await page.getByRole('button', { name: 'Clear cache' }).click()
  await page.getByRole('button', { name: 'Clear', exact: true }).click()
  await expect(page.getByTestId('cache-stats')).toContainText(/^0 entries/)
})

test('updates are off by default; turned on, a check in an unpackaged build says so and downloads nothing', async ({ page, harness }) => {
  await page.goto(`${harness.url}#/settings`)
  const check = page.getByRole('button', { name: 'Check for updates' })
  await expect(check).toBeDisabled()
  await page.getByLabel(/Check for new versions when I ask/).check()
  await expect(check).toBeEnabled()
  expect(harness.context.settings.get().updates.enabled).toBe(true)
  await check.click()
  await expect(page.getByTestId('update-status')).toHaveText('Updates are checked only in installed builds.')
  await expect(page.getByRole('button', { name: 'Download' })).toHaveCount(0)
  await page.getByLabel(/Keep watching the vault in the background/).uncheck()
  await expect.poll(() => harness.context.settings.get().watchInBackground).toBe(false)
})

test('Settings writes a state or type label as every view writes it: "Complete (1)", never "1 (Complete)"', async ({ page, harness, consoleErrors }) => {
  // the view's own words for a delivered transfer's state, read where a user reads them
  const sample = await demoSample(harness)
  const { address, chainId } = sample.addresses[0]!
  const page1 = await harness.context.handlers['history:page']({ address, chainId, pageNo: 1, pageSize: 100, prefer: 'network' }, { emit: () => undefined })
  const done = page1.data.list.find((r) => r.state.number === 1)!
  await page.goto(`${harness.url}#/transfer?hash=${done.hash}`)
  const viewWords = (await page.getByTestId('transfer-state').textContent())!.trim()
  expect(viewWords).toBe('Complete (1)')

  await page.goto(`${harness.url}#/settings`)
  const states = page.getByTestId('labels-state')
  await expect(states.getByTestId('label-written')).toContainText([viewWords])
  await expect(states).not.toContainText('1 (Complete)')
  await expect(page.getByText(/lists always show the number too/)).toContainText(`“${viewWords}”`)
  // a type the user names reads as the Transfer view writes a named type
  await page.getByLabel('type value', { exact: true }).fill('4')
  await page.getByLabel('type label', { exact: true }).fill('Swap')
  await page.getByTestId('labels-type').getByRole('button', { name: 'Add' }).click()
  await expect(page.getByTestId('labels-type').getByTestId('label-written')).toHaveText(['Swap (4)'])
  // what must not change: the label is stored under its number, and removing it still works by the number
  expect(harness.context.settings.get().labels.type['4']).toBe('Swap')
  await page.getByRole('button', { name: 'Remove type label 4' }).click()
  await expect(page.getByTestId('labels-type').getByTestId('label-written')).toHaveCount(0)
  expect(consoleErrors).toEqual([])
})
