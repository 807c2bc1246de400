// A service that answers 100,000 levels of `[` where the chain list or the vault should be gets an
// error on screen that says why, never a view that shows "Loading…" for ever.
import { startDeepServer } from '../unit/main/faults/deep-server'
import { test, expect } from './fixtures'

test('deep nesting where the chain list and the vault should be: an error that says why, not Loading…', async ({ page, harness, consoleErrors }) => {
  const server = await startDeepServer()
  const base = server.base
  try {
    const saved = harness.context.settings.saveProfile({ name: 'Deep', baseUrl: base, rpcUrls: [`${base}/rpc`], timeoutMs: 5000 })
    harness.context.settings.activate(saved.profiles.find((p) => p.name === 'Deep')?.id ?? '')
    for (const hash of ['#/chains', '#/vault']) {
      await page.goto(`${harness.url}${hash}`)
      // the Vault view's first box is the vault record's; its Maintainers and Solvency sections say theirs below
      await expect(page.getByTestId('error-box').first()).toContainText(/deeper than 64 levels/)
      await expect(page.getByText(/^Loading.*…$/)).toHaveCount(0)
    }
    expect(consoleErrors).toEqual([])
  } finally {
    await server.close()
  }
})
