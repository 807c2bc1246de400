// @vitest-environment jsdom
// The watch control promises only what the watcher can do: a profile with no JSON-RPC URL has no node to
// read the vault from, so it never says "Watching ✓".
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, render, screen } from '@testing-library/svelte'
import WatchControl from '../../../../src/renderer/src/components/overview/WatchControl.svelte'
import { app } from '../../../../src/renderer/src/lib/app-state.svelte'
import { defaultSettings, settingsSchema } from '../../../../src/shared/schemas/settings'
import type { WatchStatus } from '../../../../src/shared/watch'

const status: WatchStatus = {
  running: true,
  paused: false,
  profileId: 'p1',
  lastPollAt: Date.now(),
  nextPollAt: null,
  nodes: [],
  vault: null
}

function withProfile(rpcUrls: string[]): void {
  const base = defaultSettings()
  const custom = {
    ...base.profiles[0]!,
    id: 'p1',
    name: 'Mine',
    kind: 'custom' as const,
    baseUrl: 'http://127.0.0.1:1',
    rpcUrls
  }
  app.setSettings(
    settingsSchema.parse({ ...base, profiles: [...base.profiles, custom], activeProfileId: 'p1' })
  )
  Object.assign(window, {
    bridgescope: { watchStatus: async () => ({ ok: true, value: status }), on: () => () => undefined }
  })
}

afterEach(cleanup)

describe('WatchControl', () => {
  it('a profile without a JSON-RPC URL is not "Watching ✓": it says why and where to add one', async () => {
    withProfile([])
    render(WatchControl)
    const state = await screen.findByTestId('watch-state')
    expect(state.textContent).not.toContain('Watching ✓')
    expect(state.textContent).toContain('Not watching the vault: this profile has no JSON-RPC URL')
    expect(screen.getByRole('link', { name: 'Add a JSON-RPC URL in Settings' }).getAttribute('href')).toBe(
      '#/settings'
    )
  })
  it('with a node it watches', async () => {
    withProfile(['http://127.0.0.1:2/rpc'])
    render(WatchControl)
    expect((await screen.findByTestId('watch-state')).textContent).toContain('Watching ✓')
  })
})
