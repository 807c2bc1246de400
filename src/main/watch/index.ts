// The watch room's front door: what the other shells (the CLI, the browser shell) may use of it. It offers
// the watcher core and its pollers (the vault's nodes, the watch lists, MAP's TSS API), the state files a
// headless watch keeps beside the app's (watch state, TSS state, activity log), the webhook sink, and the
// TSS board the CLI's metrics read. Electron's half (electron.ts) and the app's service stay inside; the
// Prometheus metrics are the CLI's own (src/cli/metrics.ts), so the packaged app carries no prom-client.
export { Watcher, type WatcherDeps } from './watcher'
export type { Poller, PollReport, PollRun } from './poller'
export { profilePollers, type ProfilePollers, type ProfilePollersDeps } from './pollers'
export { VaultPoller } from './vault-poll'
export { TransferPoller } from './transfer-poll'
export { TssPoller, tssBoard, type TssApi, type TssFollowed, type TssWatchDeps, type TssWatchSettings } from './tss-poll'
export { WatchState } from './state'
export { TssWatchState } from './tss-state'
export { ActivityLog } from './activity-log'
export { WebhookSink, type WebhookFormat } from './webhooks'
export type { WatchClient, WatchSettings, WatchTargets } from './types'
export type { WatchChainCheck } from './chain-watch'
