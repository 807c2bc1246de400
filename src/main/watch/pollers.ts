// The pollers of one profile's watch, as the app and `watch vault|transfer` assemble them: the vault's nodes
// (when there are any and the vault is watched), the watch lists, MAP's TSS API when it is given, and the
// vault's keepers when their checks are on.
import type { DiskCache } from '../store'
import type { WatchChainCheck } from './chain-watch'
import type { Poller } from './poller'
import type { WatchState } from './state'
import { TransferPoller } from './transfer-poll'
import { TssPoller, type TssWatchDeps } from './tss-poll'
import type { WatchClient, WatchSettings, WatchTargets } from './types'
import { VaultPoller } from './vault-poll'
import { KeepersPoller, type KeepersWatchDeps } from './keepers-poll'

export interface ProfilePollersDeps {
  profileId: string
  client: WatchClient
  rpcUrls: readonly string[]
  settings: () => WatchSettings
  targets: () => WatchTargets
  state: WatchState
  cache?: DiskCache | null
  /** both default true; the CLI's `watch transfer` turns the vault off */
  vault?: boolean
  transfers?: boolean
  tss?: TssWatchDeps
  /** watched transfers checked on their chains (the profile's chain checks; absent or off, not) */
  chainCheck?: WatchChainCheck
  /** the vault's keepers (maintainers, their nodes, solvency); absent when no check is on */
  keepers?: KeepersWatchDeps
}

export interface ProfilePollers {
  vault: VaultPoller | null
  transfers: TransferPoller | null
  tss: TssPoller | null
  keepers: KeepersPoller | null
  /** in the order a re-check polls them */
  all: Poller[]
}

/** Whether the profile's service has a vault to watch: a dialect without one (Butter's, Bridge Scan) has no vault nodes. */
export function offersVault(client: Pick<WatchClient, 'operations'>): boolean {
  return client.operations === undefined || client.operations.includes('vault')
}

export function profilePollers(d: ProfilePollersDeps): ProfilePollers {
  // a dialect without a vault never polls one: its "failures" would read as every node down
  const watchVault = d.vault !== false && offersVault(d.client)
  const vault = watchVault && d.rpcUrls.length > 0 ? new VaultPoller({ profileId: d.profileId, client: d.client, rpcUrls: d.rpcUrls, state: d.state, settings: d.settings, cache: d.cache ?? null }) : null
  const transfers =
    d.transfers !== false
      ? new TransferPoller({ profileId: d.profileId, client: d.client, state: d.state, settings: d.settings, targets: d.targets, leads: !watchVault, ...(d.chainCheck ? { chainCheck: d.chainCheck } : {}) })
      : null
  const tss = d.tss ? new TssPoller(d.profileId, d.tss) : null
  const keepers = d.keepers && watchVault ? new KeepersPoller(d.profileId, d.state, d.keepers) : null
  return { vault, transfers, tss, keepers, all: [vault, transfers, tss, keepers].filter((p): p is NonNullable<typeof p> => p !== null) }
}
