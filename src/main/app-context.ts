// Everything the main process runs, wired once: stores, cache, client, services and the handler table.
// Electron's main (src/main/index.ts) and the browser shell (src/web) both build the app through this one
// function, so the shell, and the tests that drive it, exercise the same code the app runs.
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import type { EventName, EventPayload, Notice } from '@shared/contract'
import type { Settings, Watchlists } from '@shared/schemas/settings'
import { canonicalEpoch, createQueryClient, TssClient } from './client'
import { starterAddresses, watchDemoStarter } from './demo-start'
import { LoadedHistories } from './dataset'
import { ChainCheckService } from './chain'
import { createHandlers, type HandlerTable } from './ipc'
import { CACHE_DIR } from './paths'
import { createIconService, type IconService } from './icons'
import { AddressPolicy, type Fetch } from './net'
import { KeepersService } from './keepers'
import { ActiveHistories, Endpoints, HistoryService, QueryService, TransferTimesService, TssService, tssEndpointOf, tssFollowed, type ActiveTss, type TssEndpoint } from './services'
import type { DemoNetwork, DemoNetworkPlan } from '@shared/demo-network'
import { AppError } from '@shared/errors'
import {
  DiskCache,
  noSecretBox,
  openDocumentStore,
  SecretStore,
  SETTINGS_DOCUMENT,
  SettingsRepo,
  WATCHLISTS_DOCUMENT,
  type BackingStoreFactory,
  type SecretBox
} from './store'
import type { Updater } from './updater'
import { AlertService, TssWatchState, tssWatchSettings, WatchService, type AlertServiceDeps, type Notify, type Timers, type TssFollowed, type TssWatchSettings, type KeepersWatchSettings } from './watch'

export interface AppContextOptions {
  dataDir: string
  storeFactory: BackingStoreFactory
  shell: 'electron' | 'harness'
  version: string
  /** push an event to every window */
  broadcast: <E extends EventName>(event: E, payload: EventPayload<E>) => void
  /** the demo network the demo profile points at; without one, the demo profile answers that none is running */
  demo?: DemoNetworkPlan
  openExternal?: (url: string) => Promise<void>
  /** packaged Electron builds pass the update checker (created on first use) */
  updater?: (settings: SettingsRepo, broadcast: AppContextOptions['broadcast']) => Promise<Updater>
  /**
   * How main reaches the network, for every request it makes: the service, the nodes, icon hosts and webhooks.
   * The entry point chooses (./net/fetch.ts): Electron's net.fetch in the app, the proxy variables in the
   * harness; tests may answer hosts this sandbox cannot reach. Node's fetch, direct, when absent.
   */
  fetch?: Fetch
  /** the vault and transfer watch: on unless `enabled` is false; notifications ignored without `notify` */
  watch?: { enabled?: boolean; notify?: Notify; open?: (href: string) => void; timers?: Partial<Timers> }
  /** encrypts webhook URLs: Electron's safeStorage in the app; none in the harness and tests (stored 0600) */
  secretBox?: SecretBox
  /** webhook timeouts and retries (tests shorten them); the way to the network is `fetch` above */
  alertSink?: Omit<NonNullable<AlertServiceDeps['sink']>, 'fetch'>
  /**
   * Where URLs a service names (RPCs in its records, icons) may lead (./net/address-policy.ts); tests pass
   * their own resolver. The system's DNS when absent.
   */
  addressPolicy?: AddressPolicy
}

export interface AppContext {
  handlers: HandlerTable
  settings: SettingsRepo
  cache: DiskCache
  endpoints: Endpoints
  notices: Notice[]
  watch: WatchService
  alerts: AlertService
  /** Icons fetched by main and served on the app's own origin (app:// and the harness). */
  icons: IconService
  dispose(): Promise<void>
}

export async function createAppContext(options: AppContextOptions): Promise<AppContext> {
  const now = Date.now
  const net = options.fetch ? { fetch: options.fetch } : {}
  const notices: Notice[] = []
  // A first run is a data folder without watchlists yet (checked before the store creates the file).
  const firstRun = !existsSync(join(options.dataDir, `${WATCHLISTS_DOCUMENT.name}.json`))
  // the same declarations the CLI reads them by
  const settingsDoc = await openDocumentStore<Settings>(
    { ...SETTINGS_DOCUMENT, dir: options.dataDir, factory: options.storeFactory },
    notices
  )
  const watchDoc = await openDocumentStore<Watchlists>(
    { ...WATCHLISTS_DOCUMENT, dir: options.dataDir, factory: options.storeFactory },
    notices
  )
  const settings = new SettingsRepo(settingsDoc, watchDoc)
  const cache = await DiskCache.open(
    join(options.dataDir, CACHE_DIR),
    settings.get().cacheLimitMb * 1024 * 1024,
    now
  )
  settings.onChange((s) => {
    void cache.setLimit(s.cacheLimitMb * 1024 * 1024)
  })

  let simulator: DemoNetwork | null = null
  const endpoints = new Endpoints({
    activeProfile: () => settings.activeProfile(),
    startDemo: async () => {
      if (!options.demo)
        throw new AppError({
          kind: 'input',
          message: 'No demo network comes with this build: choose a profile with a service URL in Settings.'
        })
      simulator = await options.demo.start()
      const { baseUrl, rpcUrl, tssUrl, laggingRpcUrl } = simulator
      return { baseUrl, rpcUrl, tssUrl, ...(laggingRpcUrl ? { laggingRpcUrl } : {}) }
    },
    createClient: (e) =>
      createQueryClient({
        dialect: e.dialect,
        baseUrl: e.baseUrl,
        tokensUrl: e.tokensUrl,
        rpcUrls: e.rpcUrls,
        timeoutMs: e.timeoutMs,
        maxPageSize: e.maxPageSize,
        ...net
      })
  })
  const queries = new QueryService({ cache, now, endpoint: () => endpoints.active(), canonicalEpoch })
  // one source for both histories: the active client, every page of one, and the token list (cached first)
  const histories = new ActiveHistories({ endpoints, queries })
  const history = new HistoryService({ cache, now, source: histories })
  const loaded = new LoadedHistories({ cache, now, source: histories })

  // MAP's TSS cross-chain API of the active profile (services' tssEndpointOf, as the CLI reads it; a profile that
  // names only a TSS API is answered): one client per URL, the followed chains (the chain list, from the cache
  // when there is one, plus the chains added by id, read again at each use so a chain followed in the view is
  // polled next), the watch state beside the watcher's.
  const tssState = await TssWatchState.open(join(options.dataDir, 'watch'))
  let tssClient: { key: string; client: TssClient } | null = null
  const tssSettings = (): TssWatchSettings => tssWatchSettings(settings.get())
  const activeTss = async (): Promise<ActiveTss | null> => {
    const profile = settings.activeProfile()
    const demo = profile.kind === 'demo' ? await endpoints.demoUrls() : null
    const endpoint = (): TssEndpoint => tssEndpointOf({ profile, addedChains: settings.get().tss.chains, demo })
    const { tssUrl: url, timeoutMs } = endpoint()
    if (url === null) return null
    const key = `${url}\n${timeoutMs}`
    if (tssClient?.key !== key)
      tssClient = { key, client: new TssClient({ url, ...(timeoutMs === undefined ? {} : { timeoutMs }), ...net }) }
    const chains = (): Promise<TssFollowed[]> => tssFollowed(endpoint(), () => queries.chains('cache').then((r) => r.data, () => []))
    return { profileId: profile.id, client: tssClient.client, chains, state: tssState.profile(profile.id), settings: tssSettings, saveState: () => tssState.save(now()) }
  }

  // what the active service may name: RPCs and icons no more private than where the service itself answers
  const addressPolicy = options.addressPolicy ?? new AddressPolicy()
  const serviceUrls = async (): Promise<string[]> => {
    const { endpoint } = await endpoints.active()
    return endpoint.tokensUrl ? [endpoint.baseUrl, endpoint.tokensUrl] : [endpoint.baseUrl]
  }
  // each leg checked on its own chain: the detail and token list the view has just read, from the cache
  const chainChecks = new ChainCheckService({
    activeProfile: () => settings.activeProfile(),
    transfer: async (txHash) => (await queries.transfer(txHash, 'cache')).data,
    tokens: () => queries.tokens('cache').then((t) => t.data, () => null),
    chains: () => queries.chains('cache').then((c) => c.data, () => null),
    serviceUrls,
    addressPolicy,
    ...net
  })

  // a transfer found by its hash: its times from its detail, the sender's history past the first page, its legs' blocks
  const transferTimes = new TransferTimesService({
    transfer: async (txHash) => (await queries.transfer(txHash, 'cache')).data,
    page: (input) => history.page(input),
    pageSize: async () => (await endpoints.active()).maxPageSize,
    blockTimes: (detail) => chainChecks.blockTimes(detail)
  })

  const alerts = new AlertService({
    settings,
    secrets: new SecretStore(options.dataDir, options.secretBox ?? noSecretBox),
    now,
    failed: (e) => watch.note(e),
    delivered: (n) => options.broadcast('alerts:delivery', n),
    sink: { ...options.alertSink, ...net }
  })
  const keepers = new KeepersService({
    activeProfile: () => settings.activeProfile(),
    resolve: () => endpoints.resolve(),
    demoUrls: () => endpoints.demoUrls(),
    ...net
  })
  // the keepers' checks beside the vault watch, as Settings turn them on (off by default: see keepersWatch)
  const keepersWatched = (): boolean => settings.get().keepersWatch.maintainers || settings.get().keepersWatch.solvency
  const keepersWatchSettings = (): KeepersWatchSettings => ({ ...settings.get().keepersWatch, confirmRounds: settings.get().unreachableAfterFailures })
  const watch = await WatchService.open({
    dataDir: options.dataDir,
    cache,
    settings: () => settings.get(),
    targets: () => settings.watchlistsFor(settings.activeProfile().id),
    endpoint: async () => {
      const active = await endpoints.active()
      const tss = await activeTss()
      return {
        profileId: active.profileId,
        client: active.client,
        rpcUrls: active.endpoint.rpcUrls,
        // watched transfers checked on their chains as the Transfer view checks them (off when the profile says)
        chainCheck: chainChecks,
        ...(tss
          ? { tss: { client: tss.client, chains: tss.chains, state: tssState, settings: tssSettings } }
          : {}),
        ...(keepersWatched() ? { keepers: { read: (check, signal) => keepers.round(check, signal), settings: keepersWatchSettings } } : {})
      }
    },
    emit: (e) => options.broadcast('watch:event', e),
    alerts,
    ...(options.watch?.notify ? { notify: options.watch.notify } : {}),
    ...(options.watch?.open ? { open: options.watch.open } : {}),
    ...(options.watch?.timers ? { timers: options.watch.timers } : {})
  })
  const watchEnabled = options.watch?.enabled !== false
  // Restart on the active profile (or its endpoints) changing; interval changes apply from the next poll.
  // (the keepers' checks turned on or off start or stop their poller too)
  const watchedKey = (): string => JSON.stringify([settings.activeProfile(), keepersWatched()])
  let watchedProfile = watchedKey()
  settings.onChange(() => {
    const next = watchedKey()
    if (next === watchedProfile) return
    watchedProfile = next
    if (watchEnabled) void watch.restart()
  })
  if (watchEnabled) void watch.restart()

  const icons = createIconService({ cache, now, ...net, serviceUrls, addressPolicy, demoOrigin: () => (simulator ? new URL(simulator.baseUrl).origin : null) })
  const demoStarters = () => (simulator ? starterAddresses(simulator.sample()) : [])
  if (firstRun && options.demo?.watchOnFirstRun === true && settings.activeProfile().kind === 'demo') {
    const extraTssChains = options.demo.extraTssChains
    // The Cross-chain view follows the chain list; the demo's Bitcoin-like chain (0x-less hashes, an old
    // pending order) is followed too, as a maintainer would add such a chain by id.
    if (extraTssChains.length > 0)
      settings.update({ tss: { chains: { [settings.activeProfile().id]: extraTssChains } } })
    try {
      await watchDemoStarter({
        starters: async () => (await endpoints.demoUrls(), demoStarters()),
        watch: (item) => settings.addWatch('address', item),
        preload: (address, chainId) => loaded.preload(address, chainId)
      })
    } catch (error) {
      notices.push({
        level: 'warning',
        message: `The demo network could not pick an address to watch: ${(error as Error).message}`,
        at: now()
      })
    }
  }

  const tss = new TssService({
    cache,
    now,
    active: activeTss,
    watch,
    addedChains: (profileId) => settings.get().tss.chains[profileId] ?? [],
    updateSettings: (patch) => settings.update(patch)
  })


  const handlers = createHandlers({
    chainChecks,
    transferTimes,
    keepers,
    tss,
    demoStarters,
    shell: options.shell,
    version: options.version,
    notices,
    settings,
    cache,
    endpoints,
    history,
    loaded,
    queries,
    now,
    broadcast: options.broadcast,
    watch,
    alerts,
    ...(options.openExternal ? { openExternal: options.openExternal } : {}),
    ...(options.updater
      ? {
          updater: () =>
            (options.updater as NonNullable<AppContextOptions['updater']>)(settings, options.broadcast)
        }
      : {})
  })

  return {
    handlers,
    settings,
    cache,
    endpoints,
    notices,
    watch,
    alerts,
    icons,
    dispose: async () => {
      await watch.stop()
      await tssState.close(now())
      await alerts.close()
      if (simulator) await simulator.close()
      await cache.close()
    }
  }
}
