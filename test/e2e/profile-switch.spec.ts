// Switching profiles from the Overview leaves nothing of the profile left behind: every card asks the new one
// at once, not when its own timer or a watch event comes round. And an endpoint on a port the network stack
// refuses to connect to is told apart from one where nothing listens, in words a person can act on.
import { createServer } from 'node:net'
import { test, expect } from './fixtures'

/** A port of 127.0.0.1 where nothing listens (taken, then let go). */
async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  await new Promise((ok) => server.close(ok))
  return port
}

test('"Use the demo network instead" on a dead profile refreshes the vault card and endpoint health at once', async ({ page, harness, consoleErrors }) => {
  const dead = `http://127.0.0.1:${await closedPort()}/`
  const saved = harness.context.settings.saveProfile({ name: 'Dead', baseUrl: dead, rpcUrls: [dead] })
  harness.context.settings.activate(saved.profiles.find((p) => p.name === 'Dead')?.id ?? '')
  await page.goto(`${harness.url}#/overview`)
  const vault = page.getByTestId('vault-card')
  const health = page.getByTestId('health-card')
  await expect(vault).toContainText('Nothing answers at')
  await expect(health).toContainText(dead)
  await expect(health.getByRole('button', { name: 'Check again' })).toBeEnabled()

  await vault.getByTestId('error-demo').click()
  // the demo nodes and the demo vault, with nothing of the dead profile beside them
  await expect(vault).toContainText('Epoch')
  await expect(vault).not.toContainText('Nothing answers at')
  await expect(health).toContainText('reachable')
  await expect(health).not.toContainText(dead)
  await expect(health).not.toContainText('unreachable')
  await expect(health.getByRole('button', { name: 'Check again' })).toBeEnabled()
  await page.screenshot({ path: test.info().outputPath('overview-after-switch.png') })
  expect(consoleErrors).toEqual([])
})

test('a port the network stack refuses (9) ends its check and says so, apart from a port where nothing listens', async ({ page, harness, consoleErrors }) => {
  const refused = 'http://127.0.0.1:9/'
  const closed = `http://127.0.0.1:${await closedPort()}/`
  const saved = harness.context.settings.saveProfile({ name: 'Port nine', baseUrl: refused, rpcUrls: [refused, closed] })
  harness.context.settings.activate(saved.profiles.find((p) => p.name === 'Port nine')?.id ?? '')
  await page.goto(`${harness.url}#/overview`)
  const health = page.getByTestId('health-card')
  const button = health.getByRole('button', { name: 'Check again' })
  await expect(button).toBeEnabled()
  const rows = health.getByRole('listitem')
  await expect(rows).toHaveCount(3)
  for (const row of [rows.nth(0), rows.nth(1)]) {
    await expect(row).toContainText(refused)
    await expect(row).toContainText('Port 9 is one the network stack refuses to connect to')
    await expect(row).not.toContainText('Nothing answers at')
  }
  await expect(rows.nth(2)).toContainText(closed)
  await expect(rows.nth(2)).toContainText('Nothing answers at')
  // asked again, it ends again
  await button.click()
  await expect(button).toBeEnabled()
  await expect(rows.nth(0)).toContainText('Port 9 is one the network stack refuses')
  await page.screenshot({ path: test.info().outputPath('health-refused-port.png') })
  expect(consoleErrors).toEqual([])
})
