// A service without a vault (Butter's swap-data API, MAP's Bridge Scan) never has its vault polled: each poll
// would fail, and after the unreachable-after count every node would read "down" — node alerts about a vault the
// service never had. Its watch lists are still watched.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { offersVault, profilePollers, WatchState, type WatchClient } from '../../../../src/main/watch'
import { ButterClient, MapscanClient, BridgeClient } from '../../../../src/main/client'
import { defaultSettings } from '../../../../src/shared/schemas/settings'

const dir = mkdtempSync(join(tmpdir(), 'bridgescope-pollers-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('the pollers of a profile', () => {
  it('a dialect without a vault gets no vault poller, whatever node URLs are set; ours gets one', async () => {
    const state = await WatchState.open(dir)
    const settings = () => defaultSettings()
    const targets = () => ({ addresses: [], transfers: [{ txHash: `0x${'1'.repeat(64)}`, label: '', addedAt: 0 }] })
    const clients: [string, WatchClient, boolean][] = [
      ['mcs', new BridgeClient({ baseUrl: 'http://127.0.0.1:9', rpcUrls: ['http://127.0.0.1:9'] }), true],
      ['butter', new ButterClient({ appUrl: 'http://127.0.0.1:9', tokensUrl: 'http://127.0.0.1:9' }), false],
      ['mapscan', new MapscanClient({ baseUrl: 'http://127.0.0.1:9' }), false]
    ]
    for (const [name, client, vault] of clients) {
      expect(offersVault(client), name).toBe(vault)
      const p = profilePollers({ profileId: name, client, rpcUrls: ['http://127.0.0.1:9'], settings, targets, state })
      expect(p.vault !== null, name).toBe(vault)
      // the watch lists are watched all the same, leading the status where no vault does
      expect(p.transfers, name).not.toBeNull()
    }
  })
})
