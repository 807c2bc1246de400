// Set-up for watch tests: a watcher on a real data dir, pointed at simulators through the real client,
// with recorded notifications and timers that never fire on their own (tests step polls with recheck()).
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { defaultSettings, type Settings } from '../../../../src/shared/schemas/settings'
import type { WatchEvent } from '../../../../src/shared/watch'
import { BridgeClient } from '../../../../src/main/client/mcs/client'
import { ActivityLog } from '../../../../src/main/watch/activity-log'
import { WatchState } from '../../../../src/main/watch/state'
import type { WatchClient, WatchNotification, WatchTargets } from '../../../../src/main/watch/types'
import { profilePollers } from '../../../../src/main/watch/pollers'
import { Watcher } from '../../../../src/main/watch/watcher'

export function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'bridgescope-watch-'))
}

export function simClient(baseUrl: string, rpcUrls: string[]): BridgeClient {
  return new BridgeClient({ baseUrl, rpcUrls, retries: 0, timeoutMs: 3000 })
}

export interface Rig {
  watcher: Watcher
  events: WatchEvent[]
  notifications: WatchNotification[]
  opened: string[]
  log: ActivityLog
  settings: Settings
  targets: WatchTargets
}

export async function rig(opts: {
  dir: string
  client: WatchClient
  rpcUrls: string[]
  targets?: Partial<WatchTargets>
  settings?: (s: Settings) => Settings
  now?: () => number
}): Promise<Rig> {
  const settings = (opts.settings ?? ((s) => s))(defaultSettings())
  const targets: WatchTargets = { addresses: [], transfers: [], ...opts.targets }
  const events: WatchEvent[] = []
  const notifications: WatchNotification[] = []
  const opened: string[] = []
  const log = await ActivityLog.open(join(opts.dir, 'watch'))
  const state = await WatchState.open(join(opts.dir, 'watch'))
  const watcher = new Watcher({
    profileId: 'p1',
    pollers: profilePollers({ profileId: 'p1', client: opts.client, rpcUrls: opts.rpcUrls, settings: () => settings, targets: () => targets, state }).all,
    state,
    log,
    emit: (e) => events.push(e),
    notify: (n) => notifications.push(n),
    open: (href) => opened.push(href),
    timers: { setTimeout: () => 0, clearTimeout: () => undefined, ...(opts.now ? { now: opts.now } : {}) }
  })
  return { watcher, events, notifications, opened, log, settings, targets }
}
