// A profile that speaks to two hosts (Butter's app API for histories, its tokens API for chains and tokens)
// keeps working when one of them is down: Transfers names the host that failed, keeps its address field and
// asks for the chain id instead of the chain list, and the history the app API answers is shown.
import { createServer, type Server } from 'node:http'
import { DEMO_PROFILE_ID } from '../../src/shared/profile-ids'
import { demoDialectUrls } from '../../src/shared/demo-network'
import { test, expect } from './fixtures'
import { demoSample } from './demo'

/** A tokens host that is down behind its proxy: every request gets a 503 page. */
async function downHost(): Promise<{ server: Server; host: string }> {
  const server = createServer((_req, res) => {
    res.writeHead(503, { 'Content-Type': 'text/html' })
    res.end('<html><body>503 Service Unavailable</body></html>')
  })
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))
  const address = server.address()
  return { server, host: `127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` }
}

test("Butter with its tokens API down: Transfers names that host, asks for the chain id, and shows the app API's history", async ({ page, harness, consoleErrors }) => {
  const down = await downHost()
  try {
    const sample = await demoSample(harness)
    const busiest = sample.addresses[0]!
    const who = sample.addresses.find((a) => a.address !== busiest.address && a.count >= 5 && a.count <= 25)!
    const urls = demoDialectUrls(sample.baseUrl, 'butter')
    const saved = harness.context.settings.saveProfile({ name: 'Butter, tokens down', baseUrl: urls.baseUrl, tokensUrl: `http://${down.host}/`, rpcUrls: [], dialect: 'butter' })
    harness.context.settings.activate(saved.profiles.find((p) => p.name === 'Butter, tokens down')?.id ?? DEMO_PROFILE_ID)

    await page.goto(`${harness.url}#/transfers`)
    const box = page.getByTestId('error-box')
    await expect(box).toContainText(`Loading the chain list from ${down.host} failed.`)
    await expect(box).toContainText('the tokens API')
    await expect(box).not.toContainText('query service')
    await expect(page.getByText('Enter an address and type a chain id')).toBeVisible()
    await expect(page.getByTestId('chain-select')).toHaveCount(0)

    await page.getByRole('textbox', { name: 'Address' }).fill(who.address)
    await page.getByTestId('chain-id-input').fill(String(who.chainId))
    await page.getByRole('button', { name: 'Show transfers' }).click()
    await expect(page).toHaveURL(new RegExp(`address=${who.address}&chainId=${who.chainId}`))
    await expect(page.getByTestId('transfer-row')).toHaveCount(who.count)
    // the form stays, with what was asked, for the next query
    await expect(page.getByRole('textbox', { name: 'Address' })).toHaveValue(who.address)
    await expect(page.getByTestId('chain-id-input')).toHaveValue(String(who.chainId))
    await page.screenshot({ path: test.info().outputPath('butter-tokens-down.png') })

    // Endpoint health names the tokens API and its URL, not the query service at the app API's
    await page.goto(`${harness.url}#/overview`)
    const health = page.getByTestId('health-card')
    await expect(health.getByRole('listitem').first()).toContainText(`Tokens API http://${down.host}/ unreachable`)
    // the profile list says which service each profile speaks
    await page.goto(`${harness.url}#/settings`)
    const row = page.locator('[data-testid=profile-row]', { hasText: 'Butter, tokens down' })
    await expect(row.getByTestId('profile-dialect')).toHaveText("Butter's swap-data API")
    await expect(row).toContainText(`tokens API http://${down.host}/`)
    // back on the demo network, the banner does not say no endpoint is configured: one is, and where
    await row.getByRole('button', { name: 'Test connection' }).click()
    await expect(row.getByTestId('endpoint-checks')).toContainText(`Tokens API http://${down.host}/`)
    await page.locator(`[data-testid=profile-row][data-profile-id="${DEMO_PROFILE_ID}"]`).getByRole('button', { name: 'Activate' }).click()
    await expect(page.getByTestId('demo-banner')).toContainText('Your profile is in Settings: activate one there')
    await expect(page.getByTestId('demo-banner')).not.toContainText('no endpoint is configured')
    expect(consoleErrors).toEqual([])
  } finally {
    await new Promise((ok) => down.server.close(ok))
  }
})
