// The watch room's front door. It offers the watcher core and its pollers (the vault's nodes, the watch lists,
// MAP's TSS API, the vault's keepers), the state files a headless watch keeps beside the app's (watch state, TSS state, activity
// log), the webhook sink, the TSS board the CLI's metrics and the Cross-chain view read, and the app's
// WatchService (the watcher restarted when the active profile changes) and AlertService (the alert sinks).
// Electron's half (electron.ts: tray, notifications) loads Electron, so it stays behind the door and the
// Electron entry alone imports it. The Prometheus metrics are the CLI's own (src/cli/metrics.ts), so the
// packaged app carries no prom-client.
export { Watcher, type WatcherDeps } from './watcher'
export type { Poller, PollReport, PollRun } from './poller'
export { offersVault, profilePollers, type ProfilePollers, type ProfilePollersDeps } from './pollers'
export { VaultPoller } from './vault-poll'
export { TransferPoller } from './transfer-poll'
export { KeepersPoller, type KeepersRoundResult, type KeepersStanding, type KeepersWatchDeps, type KeepersWatchSettings } from './keepers-poll'
export { TssPoller, pollTss, tssBoard, type TssApi, type TssFollowed, type TssWatchDeps, type TssWatchSettings } from './tss-poll'
export { WatchState } from './state'
export { TssWatchState, type TssProfileState } from './tss-state'
export { followedTssChains, tssWatchSettings, type TssWatchOverrides } from './tss-follow'
export { ActivityLog } from './activity-log'
export { WebhookSink, type WebhookFormat } from './webhooks'
export type { Notify, Timers, WatchClient, WatchSettings, WatchTargets } from './types'
export { AlertService, type AlertServiceDeps } from './alerts'
export { WatchService } from './service'
export type { WatchChainCheck } from './chain-watch'
