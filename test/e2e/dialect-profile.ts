// The demo network as each dialect of the query service tells it: ours (the demo profile), Butter's swap-data
// API and MAP's Bridge Scan API (profiles a user adds with the demo's URLs, src/demo/successors.ts).
import { expect, type Page } from '@playwright/test'
import { demoDialectUrls } from '../../src/shared/demo-network'
import type { Dialect } from '../../src/shared/dialects'
import { DEMO_PROFILE_ID } from '../../src/shared/profile-ids'
import type { Harness } from '../support/harness'

/**
 * Makes `dialect` the active profile: the demo profile for ours, else a profile on the demo's own endpoints,
 * with `chainRpc` (chain id → URL) as the user's own RPCs for its chain checks, where the service names none.
 */
export async function useDialect(page: Page, harness: Harness, dialect: Dialect, chainRpc: Record<string, string> = {}): Promise<void> {
  if (dialect === 'mcs') {
    harness.context.settings.activate(DEMO_PROFILE_ID)
  } else {
    const demo = await harness.context.endpoints.demoUrls()
    const urls = demoDialectUrls(demo.baseUrl, dialect)
    const name = `Demo as ${dialect}`
    const existing = harness.context.settings.get().profiles.find((p) => p.name === name)
    const saved = existing
      ? harness.context.settings.get()
      : harness.context.settings.saveProfile({
          name,
          baseUrl: urls.baseUrl,
          rpcUrls: [demo.rpcUrl],
          dialect,
          tokensUrl: urls.tokensUrl ?? '',
          ...(Object.keys(chainRpc).length > 0 ? { chainCheck: { enabled: true, rpc: chainRpc } } : {})
        })
    harness.context.settings.activate(saved.profiles.find((p) => p.name === name)!.id)
  }
  // the app reads the settings it starts with: start it again on the profile
  await page.goto(`${harness.url}#/overview`)
  await page.reload()
  await expect(page.getByText(dialect === 'mcs' ? 'Demo network' : `Demo as ${dialect}`).first()).toBeVisible()
}
