// The Transfers query form meets the chain list twice: the cached copy at once, the network's a moment later.
// The test holds the network's answer back at the demo network's gate (no timing bet), makes its choice in
// between, then lets the answer through: what the user picked and pasted stays, and the query runs there.
import { test, expect } from './fixtures'
import { demoSample, setFault } from './demo'

async function heldRequests(baseUrl: string): Promise<number> {
  const stats = (await (await fetch(new URL('/__sim/stats', baseUrl))).json()) as { held: number }
  return stats.held
}

test('a chain picked and an address pasted while the chain list refreshes survive its network answer', async ({ page, harness, consoleErrors }) => {
  const sample = await demoSample(harness)
  // a first visit leaves the chain list in the cache
  await page.goto(`${harness.url}#/transfers`)
  const select = page.getByTestId('chain-select')
  await expect(select).toBeVisible()
  await expect(select).not.toHaveAttribute('aria-busy', 'true')
  const first = await select.inputValue()
  // a busy address on a chain other than the one the form offers first
  const target = sample.addresses.find((a) => String(a.chainId) !== first)!
  expect(target).toBeTruthy()

  await setFault(sample.baseUrl, 'queryChainList', { hang: true })
  await page.reload()
  // the cached list is shown, the network's is held at the gate
  await expect(select).toHaveAttribute('aria-busy', 'true')
  await expect.poll(() => heldRequests(sample.baseUrl)).toBeGreaterThan(0)
  await select.selectOption(String(target.chainId))
  await page.getByTestId('address-input').fill(target.address)

  await setFault(sample.baseUrl, 'queryChainList', null)
  const released = (await (await fetch(new URL('/__sim/release', sample.baseUrl), { method: 'POST' })).json()) as { released: number }
  expect(released.released).toBeGreaterThan(0)
  // the network's list has replaced the cached one
  await expect(select).not.toHaveAttribute('aria-busy', 'true')
  await expect(select).toHaveValue(String(target.chainId))
  await expect(page.getByTestId('address-input')).toHaveValue(target.address)
  await expect(page.getByTestId('chain-missing')).toHaveCount(0)

  await page.getByRole('button', { name: 'Show transfers' }).click()
  await expect(page).toHaveURL(new RegExp(`address=${target.address}&chainId=${target.chainId}`))
  // the result line names the chain and the address it is for
  const chainName = (await select.locator('option:checked').textContent())!.replace(/ \(\d+\)$/, '')
  await expect(page.getByTestId('history-summary')).toContainText('Page 1 of')
  await expect(page.getByTestId('history-subject')).toHaveText(`on ${chainName} for ${target.address.slice(0, 6)}…${target.address.slice(-2)}`)
  expect(consoleErrors).toEqual([])
})

test('a linked chain the chain list does not have stays picked, and the form says so', async ({ page, harness, consoleErrors }) => {
  const sample = await demoSample(harness)
  const address = sample.addresses[0]!.address
  await page.goto(`${harness.url}#/transfers?address=${address}&chainId=424242`)
  const select = page.getByTestId('chain-select')
  await expect(select).toHaveValue('424242')
  await expect(page.getByTestId('chain-missing')).toContainText('Chain 424242 is no longer in the service')
  // what must not change: the address the link carried
  await expect(page.getByTestId('address-input')).toHaveValue(address)
  // picking a listed chain takes the note away
  const listed = sample.addresses[0]!.chainId
  await select.selectOption(String(listed))
  await expect(page.getByTestId('chain-missing')).toHaveCount(0)
  expect(consoleErrors.filter((e) => !/Failed to load resource/.test(e))).toEqual([])
})
