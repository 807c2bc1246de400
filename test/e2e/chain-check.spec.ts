// The Transfer view's chain checks: every outcome reached against real chains (anvil) through a profile whose
// query service points at their transactions, and the demo network's own chains telling one transfer
// differently from its service.
import { test, expect } from './fixtures'
import type { Page } from '@playwright/test'
import { demoSample } from './demo'
import type { Hex, TestChain } from '../support/anvil'
import { heightOf, honestTransfer, startTwoChains, type ChainService, type TwoChains, type TransferFacts } from '../support/chain-service'

let a: TestChain
let b: TestChain
let service: ChainService

let rig: TwoChains | undefined
test.beforeAll(async () => {
  rig = await startTwoChains()
  ;({ a, b, service } = rig)
})
test.afterAll(async () => {
  await rig?.close()
})

const height = heightOf
const honest = (): Promise<TransferFacts> => honestTransfer(a, b)

/** A profile on the test chains' query service, made active; `chainCheck` as given. */
async function useService(page: Page, url: string, chainCheck?: { enabled: boolean; rpc: Record<string, string> }): Promise<void> {
  await page.goto(`${url}#/settings`)
  await page.evaluate(
    async ({ baseUrl, chainCheck }) => {
      const api = (globalThis as unknown as { bridgescope: Record<string, (i: unknown) => Promise<{ ok: boolean; value?: { profiles: { id: string; name: string }[] } }>> }).bridgescope
      const saved = await api.profilesSave!({ name: 'Test chains', baseUrl, rpcUrls: [], ...(chainCheck ? { chainCheck } : {}) })
      const id = saved.value?.profiles.find((p) => p.name === 'Test chains')?.id
      await api.profilesActivate!({ id })
    },
    { baseUrl: service.baseUrl, chainCheck }
  )
  // the app reads the settings it starts with: start it again on the new profile
  await page.reload()
  await expect(page.getByTestId('chain-checks-enabled')).toBeVisible()
}

async function legOutcome(page: Page, hash: string, role: string): Promise<ReturnType<Page['getByTestId']>> {
  await page.goto(`${page.url().split('#')[0]}#/transfer?hash=${hash}`)
  const leg = page.locator(`[data-testid="leg-check"][data-role="${role}"]`)
  await expect(leg).toBeVisible()
  return leg
}

test('each outcome of a leg checked on its chain, against real nodes', async ({ page, harness, consoleErrors }) => {
  await useService(page, harness.url)

  const ok = service.put(await honest())
  let leg = await legOutcome(page, ok, 'Source')
  await expect(leg).toHaveAttribute('data-outcome', 'confirmed')
  await expect(leg).toContainText(/Confirmed: block \d+, \d+ confirmations?/)
  // the words first: where the leg is not confirmed, the failure shows what it says instead (its differences)
  const delivered = page.locator('[data-testid="leg-check"][data-role="Destination"]')
  await expect(delivered).toContainText(/Confirmed: block \d+, \d+ confirmations?/)
  await expect(delivered).toHaveAttribute('data-outcome', 'confirmed')
  await expect(page.getByTestId('check-verdict')).toHaveAttribute('data-verdict', 'verified')
  await expect(leg.getByTestId('leg-rpc')).toContainText("Checked on the service's RPC for chain 31337")
  await page.screenshot({ path: test.info().outputPath('chain-check-confirmed.png') })

  // a service answering about another transfer than the one asked: said so, no leg confirmed
  const failed = await a.deposit(a.accounts[7] as Hex, 10n)
  service.answer(failed, await honest())
  await page.goto(`${page.url().split('#')[0]}#/transfer?hash=${failed}`)
  await expect(page.getByTestId('check-question')).toContainText(`The service contradicts itself: asked for source hash ${failed}`)
  await expect(page.getByTestId('check-verdict')).toHaveAttribute('data-verdict', 'contradicted')
  await expect(page.getByTestId('leg-check')).toHaveCount(0)

  const bent = await honest()
  bent.receiving += 1n
  leg = await legOutcome(page, service.put(bent), 'Destination')
  await expect(leg).toHaveAttribute('data-outcome', 'disagrees')
  await expect(leg.getByRole('row', { name: /amount/ })).toContainText('0.990000000000000001 TUSD')
  await expect(leg.getByRole('row', { name: /amount/ })).toContainText('0.99 TUSD')
  await page.screenshot({ path: test.info().outputPath('chain-check-disagrees.png') })

  const unknown = await honest()
  ;(unknown.destination as { hash: string }).hash = `0x${'42'.repeat(32)}`
  leg = await legOutcome(page, service.put(unknown), 'Destination')
  await expect(leg).toHaveAttribute('data-outcome', 'not-found')

  const revertedHash = await a.deposit(a.accounts[7] as Hex, 10n)
  const reverted: TransferFacts = { source: { chain: a, hash: revertedHash, height: await height(a, revertedHash) }, destination: null, sender: a.accounts[7] as Hex, recipient: b.accounts[2] as Hex, sending: 10n, receiving: 10n }
  leg = await legOutcome(page, service.put(reverted), 'Source')
  await expect(leg).toHaveAttribute('data-outcome', 'reverted')
  // the destination the service names no transaction for yet
  await expect(page.locator('[data-testid="leg-check"][data-role="Destination"]')).toHaveAttribute('data-outcome', 'cannot-check')

  const facts = await honest()
  await b.automine(false)
  try {
    const pendingHash = await b.release(b.accounts[2] as Hex, facts.receiving)
    leg = await legOutcome(page, service.put({ ...facts, destination: { chain: b, hash: pendingHash, height: 0 } }), 'Destination')
    await expect(leg).toHaveAttribute('data-outcome', 'pending')
    // not verified never reads like verified
    await expect(page.getByTestId('check-verdict')).toHaveAttribute('data-verdict', 'unverified')
    // mined meanwhile: "Check on chain" asks again
    await b.mine(1)
    await page.getByTestId('check-on-chain').click()
    await expect(leg).toHaveAttribute('data-outcome', 'confirmed')
  } finally {
    await b.automine(true)
  }
  expect(consoleErrors).toEqual([])
})

test('the user’s own RPC wins (here one of another chain: the wrong chain), and checks can be turned off', async ({ page, harness }) => {
  await useService(page, harness.url, { enabled: true, rpc: { '31338': a.url } })
  const hash = service.put(await honest())
  const leg = await legOutcome(page, hash, 'Destination')
  await expect(leg).toHaveAttribute('data-outcome', 'wrong-chain')
  await expect(leg).toContainText('Wrong chain: the RPC answers chain 31337, the leg is on chain 31338')
  await expect(leg.getByTestId('leg-rpc')).toContainText('Checked on your RPC for chain 31338')

  await page.goto(`${harness.url}#/settings`)
  await expect(page.getByTestId('chain-checks-privacy')).toContainText('tells that RPC')
  await page.getByTestId('chain-checks-enabled').uncheck()
  await page.getByRole('button', { name: 'Save chain checks' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible()
  await page.goto(`${harness.url}#/transfer?hash=${hash}`)
  await expect(page.getByTestId('checks-off')).toBeVisible()
  await expect(page.getByTestId('leg-check')).toHaveCount(0)
})

test('the demo network’s chains: a transfer it tells differently shows the service disagreeing', async ({ page, harness }) => {
  const sample = (await demoSample(harness)) as Awaited<ReturnType<typeof demoSample>> & { disagreeing?: { hash: string; lie: string }[] }
  const paidLess = sample.disagreeing?.find((d) => d.lie === 'paid-less')
  expect(paidLess).toBeDefined()
  await page.goto(`${harness.url}#/transfer?hash=${paidLess!.hash}`)
  const leg = page.locator('[data-testid="leg-check"][data-role="Destination"]')
  await expect(leg).toHaveAttribute('data-outcome', 'disagrees')
  await expect(page.locator('[data-testid="leg-check"][data-role="Source"]')).toHaveAttribute('data-outcome', 'confirmed')
})
