// One contradiction, said where it is seen: when a leg's own chain contradicts the service, the Transfer view says
// so at its top, beside the service's state, naming the leg, what the service says and what the chain says.
import { test, expect } from './fixtures'
import { demoSample } from './demo'

type Disagreeing = { disagreeing?: { hash: string; lie: string }[] }

test('a transfer the service calls Complete (1) whose source its chain reverted: a banner at the top names the leg, the service’s word and the chain’s', async ({ page, harness, consoleErrors }) => {
  const sample = (await demoSample(harness)) as Awaited<ReturnType<typeof demoSample>> & Disagreeing
  const reverted = sample.disagreeing?.find((d) => d.lie === 'reverted')
  expect(reverted).toBeDefined()
  await page.goto(`${harness.url}#/transfer?hash=${reverted!.hash}`)
  await expect(page.getByTestId('transfer-state')).toHaveText('Complete (1)')

  const banner = page.getByTestId('chain-contradicts')
  await expect(banner).toBeVisible()
  const source = banner.locator('[data-testid="contradiction"][data-role="Source"]')
  await expect(source).toContainText(/^Source leg on .+ \(\d+\): the service says/)
  await expect(source.getByTestId('service-says')).toHaveText('Complete (1), delivered')
  await expect(source.getByTestId('chain-says')).toHaveText(/^Reverted on chain in block \d+/)
  await expect(source).toContainText(reverted!.hash)
  // at the top: above the summary that reads "Complete (1)", seen without scrolling
  const bannerBox = (await banner.boundingBox())!
  const summaryBox = (await page.locator('.summary').boundingBox())!
  expect(bannerBox.y).toBeLessThan(summaryBox.y)
  await expect(banner).toBeInViewport()
  // and the same word as the check below
  await expect(page.locator('[data-testid="leg-check"][data-role="Source"]')).toHaveAttribute('data-outcome', 'reverted')
  await page.screenshot({ path: test.info().outputPath('chain-contradicts-reverted.png') })
  // the way to the evidence: focus lands on the checks' heading
  await banner.getByTestId('see-checks').click()
  await expect(page.getByRole('heading', { name: 'Checked on chain' })).toBeFocused()

  // a destination that paid less: the leg named, with the chain's amount beside the service's
  const paidLess = sample.disagreeing!.find((d) => d.lie === 'paid-less')!
  await page.goto(`${harness.url}#/transfer?hash=${paidLess.hash}`)
  const destination = page.getByTestId('chain-contradicts').locator('[data-testid="contradiction"][data-role="Destination"]')
  await expect(destination.getByTestId('chain-says')).toHaveText(/^Disagrees: amount — service .+, chain .+/)
  await expect(page.getByTestId('chain-contradicts').getByTestId('contradiction')).toHaveCount(1)

  // what must not change: a transfer its chains confirm gets no banner, once its check has answered
  for (const hash of sample.txHashes) {
    await page.goto(`${harness.url}#/transfer?hash=${hash}`)
    await expect(page.getByTestId('check-verdict')).toBeVisible()
    if ((await page.getByTestId('check-verdict').getAttribute('data-verdict')) !== 'verified') continue
    await expect(page.getByTestId('chain-contradicts')).toHaveCount(0)
    break
  }
  await expect(page.getByTestId('check-verdict')).toHaveAttribute('data-verdict', 'verified')
  await expect(page.getByTestId('chain-contradicts')).toHaveCount(0)
  expect(consoleErrors).toEqual([])
})
