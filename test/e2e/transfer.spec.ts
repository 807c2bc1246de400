import { test, expect } from './fixtures'
import { demoSample, expectLoadedAll, setFault, expectViewShown } from './demo'

/** a model time (ISO 8601, UTC) as the Transfer view writes it, before its " UTC" */
const utc = (iso: string | null): string => (iso ?? '').slice(0, 19).replace('T', ' ')

test('a transfer by hash: legs with explorer links, amounts, watchlist', async ({ page, harness, consoleErrors }) => {
  const sample = await demoSample(harness)
  await page.goto(`${harness.url}#/transfer`)
  await expect(page.getByText('Enter a source transaction hash')).toBeVisible()

  // validation names what is wrong
  await page.getByTestId('tx-input').fill('0x1234')
  await page.getByRole('button', { name: 'Find' }).click()
  await expect(page.getByRole('alert')).toContainText('0x followed by 64 hex digits; this one has 4')

  const hash = sample.txHashes[0]!
  await page.getByTestId('tx-input').fill(hash)
  await page.getByRole('button', { name: 'Find' }).click()
  await expect(page).toHaveURL(new RegExp(`#/transfer\\?hash=${hash}`))
  const legs = page.getByTestId('leg')
  await expect(legs.first()).toContainText('Source')
  await expect(legs.last()).toContainText('Destination')
  // a simulated hash is not linked to the real explorer its chain names (no such transaction there): it is
  // text with its Copy button
  await expect(legs.first().locator('a[href*="/tx/"], a[href*="/block/"]')).toHaveCount(0)
  await expect(legs.first().locator(`[data-hash][title="${hash}"]`)).toBeVisible()
  await expect(legs.first().getByRole('button', { name: /^Copy hash/ })).toBeVisible()
  // the 10^22+1 transfer: exact amount, never rounded
  await expect(page.getByText('10,000.000000000000000001 WETH').first()).toBeVisible()
  await page.screenshot({ path: test.info().outputPath('transfer.png') })

  await page.getByRole('button', { name: 'Add to watchlist' }).click()
  await expect(page.getByTestId('watched')).toBeVisible()
  await page.reload()
  await expect(page.getByTestId('watched')).toBeVisible()
  // unwatch where it can be watched, not only in Overview
  await page.getByRole('button', { name: 'Unwatch' }).click()
  await expect(page.getByRole('button', { name: 'Add to watchlist' })).toBeVisible()
  await page.reload()
  // offered once the watch list has said (busy until then): it no longer holds the transfer
  await expect(page.getByRole('button', { name: 'Add to watchlist' })).toBeEnabled()
  await expect(page.getByTestId('watched')).toHaveCount(0)
  expect(consoleErrors).toEqual([])
})

test('a relayed transfer shows three legs', async ({ page, harness, consoleErrors }) => {
  const sample = await demoSample(harness)
  // the sample lists one hash of each notable kind; find one with a relayer leg
  let found = false
  for (const hash of sample.txHashes) {
    await page.goto(`${harness.url}#/transfer?hash=${hash}`)
    // the view has taken the new hash (it drops the last transfer's legs then): the legs counted are this one's
    await expect(page.getByTestId('tx-input')).toHaveValue(hash)
    await expect(page.getByTestId('leg').first()).toBeVisible()
    if ((await page.getByTestId('leg').count()) === 3) {
      found = true
      await expect(page.getByTestId('leg').nth(1)).toContainText('Relayer')
      await expect(page.getByTestId('leg').nth(1).locator('[data-hash][title^="0x"]')).toHaveCount(1)
      break
    }
  }
  expect(found).toBe(true)
  expect(consoleErrors).toEqual([])
})

test('offline: cached transfer shows the cache banner; an uncached one an error with Retry', async ({ page, harness, consoleErrors }) => {
  const sample = await demoSample(harness)
  const [cachedHash, otherHash] = sample.txHashes
  await page.goto(`${harness.url}#/transfer?hash=${cachedHash}`)
  await expect(page.getByTestId('leg').first()).toBeVisible()

  await setFault(sample.baseUrl, '*', { status: 503 })
  await page.reload()
  await expect(page.getByTestId('cache-banner')).toContainText('Showing cached')
  await expect(page.getByTestId('cache-banner')).toContainText('Refreshing failed')
  await expect(page.getByTestId('leg').first()).toBeVisible()

  await page.goto(`${harness.url}#/transfer?hash=${otherHash}`)
  const box = page.getByTestId('error-box')
  await expect(box).toContainText('Looking up transfer')
  await expect(box).toContainText('503')
  await setFault(sample.baseUrl, '*', null)
  await box.getByRole('button', { name: 'Retry' }).click()
  await expect(page.getByTestId('leg').first()).toBeVisible()
  expect(consoleErrors).toEqual([])
})

test('the watcher’s #/transfer?txHash= link opens the transfer; a pending one says "Not yet received", not "0"', async ({ page, harness, consoleErrors }) => {
  const sample = await demoSample(harness)
  let pending = 0
  let completed = 0
  for (const hash of sample.txHashes) {
    // opened directly, as a notification or activity entry opens it
    await page.goto(`${harness.url}#/transfer?txHash=${hash}`)
    // the hash taken first (the last transfer's legs, Source and all, are dropped then), so the legs are this one's
    await expect(page.getByTestId('tx-input')).toHaveValue(hash)
    await expect(page.getByTestId('leg').first()).toContainText('Source')
    if ((await page.getByTestId('transfer-pending').count()) > 0) {
      pending++
      await expect(page.getByTestId('transfer-pending')).toHaveText(/Not yet received\s+\(pending\)/)
    } else {
      completed++
      // what must not change: a received transfer still shows its amount
      await expect(page.locator('.summary')).toContainText('Received')
    }
  }
  expect(pending).toBeGreaterThan(0)
  expect(completed).toBeGreaterThan(0)
  expect(consoleErrors).toEqual([])
})

test('a transfer shows when it was sent and updated and how long it took; a pending one how long it has waited, and stuck past the threshold', async ({ page, harness, consoleErrors }) => {
  const sample = await demoSample(harness)
  // the busiest address's newest page holds both delivered and in-flight transfers
  const { address, chainId } = sample.addresses[0]!
  const page1 = await harness.context.handlers['history:page']({ address, chainId, pageNo: 1, pageSize: 100, prefer: 'network' }, { emit: () => undefined })
  const done = page1.data.list.find((r) => r.state.number === 1 && r.legs.destination.hash)!
  // the oldest one in flight: the newest may have arrived a moment ago (the demo network moves)
  const waiting = page1.data.list.findLast((r) => r.state.number !== 1 && !r.legs.destination.hash)!
  expect(done && waiting).toBeTruthy()

  await page.goto(`${harness.url}#/transfer?hash=${done.hash}`)
  await expect(page.getByTestId('sent-at')).toHaveText(`${utc(done.times.sent)} UTC`)
  await expect(page.getByTestId('updated-at')).toHaveText(`${utc(done.times.updated)} UTC`)
  await expect(page.getByTestId('duration')).toHaveText(/\d+ (s|min|h|d)\b/)
  await expect(page.getByTestId('stuck-mark')).toHaveCount(0)

  // a threshold of one minute on its route makes the waiting transfer stuck
  harness.context.settings.update({ stuckThresholds: { routes: { [`${waiting.legs.source.chainId}-${waiting.legs.destination.chainId}`]: 1 } } })
  await page.goto(`${harness.url}#/transfer?hash=${waiting.hash}`)
  await expect(page.getByTestId('sent-at')).toHaveText(`${utc(waiting.times.sent)} UTC`)
  await expect(page.getByTestId('pending-for')).toContainText('pending for')
  await expect(page.getByTestId('transfer-pending')).toBeVisible()
  await page.reload() // the settings the page read at start now carry the one-minute threshold
  await expect(page.getByTestId('stuck-mark')).toBeVisible()
  expect(consoleErrors).toEqual([])
})

test('a transfer opened from the loaded table keeps its sent time and stuck mark, and its destination leg shows no amount yet', async ({ page, harness, consoleErrors }) => {
  const sample = await demoSample(harness)
  const heavy = sample.addresses[0]!
  await page.goto(`${harness.url}#/transfers?address=${heavy.address}&chainId=${heavy.chainId}`)
  await page.getByTestId('load-all').click()
  await expectLoadedAll(page, heavy.count)
  // State 0, oldest first: the transfers pending longest, older than the sender's latest page
  await page.getByTestId('filters-button').click()
  await page.getByTestId('filter-state').selectOption('0')
  await page.keyboard.press('Escape')
  const table = page.getByTestId('transfers-table')
  await table.getByRole('columnheader', { name: /Time/ }).click()
  await table.getByRole('columnheader', { name: /Time/ }).click()
  await expect(table.getByRole('columnheader', { name: /Time/ })).toHaveAttribute('aria-sort', 'ascending')
  await expectViewShown(page)
  const row = table.getByTestId('transfer-row').filter({ has: page.locator('.stuck:not([hidden])') }).first()
  await expect(row).toBeVisible()
  const sent = (await row.locator('[data-col=time]').textContent())!.trim()
  await row.locator('[data-col=token]').click()

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Transfer')
  await expect(page.getByTestId('sent-at')).toHaveText(`${sent} UTC`)
  await expect(page.getByTestId('stuck-mark')).toBeVisible()
  await expect(page.getByTestId('times-unknown')).toHaveCount(0)
  const destination = page.getByTestId('leg').last()
  await expect(destination).toContainText('Destination')
  await expect(destination.getByTestId('leg-not-yet')).toHaveText('not received yet')
  await expect(destination).not.toContainText(/Amount\s*0\b/)
  // what must not change: the source leg still says what was sent
  await expect(page.getByTestId('leg').first().locator('[data-amount]')).toHaveText(/\d/)
  expect(consoleErrors).toEqual([])
})

test('a Find that fails its format hides the transfer on screen; an address typed as a hash is offered its transfers', async ({ page, harness, consoleErrors }) => {
  const sample = await demoSample(harness)
  const hash = sample.txHashes[0]!
  await page.goto(`${harness.url}#/transfer?hash=${hash}`)
  await expect(page.getByTestId('leg').first()).toContainText('Source')

  // a typo: the error, and no longer the previous transfer beneath it as if it were the answer
  await page.getByTestId('tx-input').fill(`${hash}00`)
  await page.getByRole('button', { name: 'Find' }).click()
  await expect(page.getByRole('alert')).toContainText('0x followed by 64 hex digits')
  await expect(page.getByTestId('leg')).toHaveCount(0)

  // an address where a hash belongs: said so, with the way to its transfers
  const { address } = sample.addresses[0]!
  await page.getByTestId('tx-input').fill(address)
  await page.getByRole('button', { name: 'Find' }).click()
  await expect(page.getByTestId('offer-address')).toContainText('looks like an address')
  await page.getByTestId('offer-address').getByRole('link', { name: 'open its transfers' }).click()
  await expect(page).toHaveURL(new RegExp(`#/transfers\\?address=${address}`))

  // and the same from a link that carries an address in place of a hash
  await page.goto(`${harness.url}#/transfer?hash=${address}`)
  await expect(page.getByTestId('offer-address')).toBeVisible()

  // a right hash again: the transfer, no stale problem
  await page.goto(`${harness.url}#/transfer?hash=${hash}`)
  await expect(page.getByTestId('leg').first()).toContainText('Source')
  await expect(page.getByTestId('offer-address')).toHaveCount(0)
  expect(consoleErrors).toEqual([])
})
