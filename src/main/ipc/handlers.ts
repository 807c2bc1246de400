// The handler table: each contract channel mapped onto the services. Inputs arrive already validated by
// dispatch(); what is thrown here reaches the renderer as a typed error.
import type { Notice, StarterAddress } from '@shared/contract'
import { AppError } from '@shared/errors'
import { chainListSchema } from '@shared/schemas/decoded'
import { profileSchema } from '@shared/schemas/settings'
import { DEFAULT_DIALECT, descriptorOf, presetTokensUrl } from '@shared/dialects'
import { rowPage } from '@shared/table-row'
import { volumeCharts, type LoadedHistories } from '../dataset'
import type { ChainCheckService } from '../chain'
import type { KeepersService } from '../keepers'
import { probeDialects } from '../client'
import { checkEndpoint, dialectKey, type Endpoints, type HistoryService, type QueryService, type TransferTimesService, type TssService } from '../services'
import { isExternalUrlAllowed } from '../security'
import type { DiskCache, SettingsRepo } from '../store'
import { NOT_PACKAGED_MESSAGE, UPDATES_DISABLED_MESSAGE, type Updater } from '../updater'
import type { AlertService, WatchService } from '../watch'
import type { HandlerContext, HandlerTable } from './handler-table'

export interface HandlerDeps {
  shell: 'electron' | 'harness'
  version: string
  notices: Notice[]
  settings: SettingsRepo
  cache: DiskCache
  endpoints: Endpoints
  history: HistoryService
  loaded: LoadedHistories
  queries: QueryService
  tss: TssService
  now: () => number
  broadcast: HandlerContext['emit']
  watch: WatchService
  alerts: AlertService
  chainChecks: ChainCheckService
  transferTimes: TransferTimesService
  keepers: KeepersService
  openExternal?: (url: string) => Promise<void>
  /** the running demo network's busiest addresses (see app-context) */
  demoStarters?: () => StarterAddress[]
  /** the update checker of a packaged build; absent in development and in the harness */
  updater?: () => Promise<Updater>
}

export function createHandlers(d: HandlerDeps): HandlerTable {
  // Nothing is loaded or asked of the network while updates are off or in an unpackaged build.
  const updater = async (): Promise<Updater | { unavailable: string }> => {
    if (!d.settings.get().updates.enabled) return { unavailable: UPDATES_DISABLED_MESSAGE }
    return d.updater ? d.updater() : { unavailable: NOT_PACKAGED_MESSAGE }
  }
  return {
    'app:info': async () => {
      const profile = d.settings.activeProfile()
      const demo = profile.kind === 'demo' ? await d.endpoints.demoUrls() : null
      return {
        version: d.version,
        profile: { id: profile.id, name: profile.name, kind: profile.kind },
        demo: demo ? { baseUrl: demo.baseUrl, rpcUrl: demo.rpcUrl } : null,
        notices: [...d.notices],
        shell: d.shell
      }
    },
    'demo:starters': async () => {
      if (d.settings.activeProfile().kind !== 'demo') return []
      await d.endpoints.demoUrls()
      return d.demoStarters?.() ?? []
    },
    'app:openExternal': async ({ url }) => {
      if (!isExternalUrlAllowed(url)) {
        throw new AppError({
          kind: 'input',
          message: `Only http and https links can be opened: ${url.slice(0, 80)}`,
          field: 'url'
        })
      }
      await d.openExternal?.(url)
    },
    'health:get': async () => {
      const active = await d.endpoints.active()
      const checks = await checkEndpoint(active.endpoint, active.client)
      const cached = await d.cache.get(active.profileId, dialectKey(active.client, 'chains'), chainListSchema)
      return {
        profileId: active.profileId,
        ...checks,
        lastFetchAt: d.now(),
        cacheAgeMs: cached ? d.now() - cached.fetchedAt : null
      }
    },
    'chains:list': (input) => d.queries.chains(input?.prefer ?? 'network'),
    'tokens:list': (input) => d.queries.tokens(input?.prefer ?? 'network'),
    'history:page': async (input) => {
      const page = await d.history.page(input)
      return { ...page, data: rowPage(page.data) }
    },
    'history:loadAll': (input, ctx) => d.loaded.loadAll(input, (p) => ctx.emit('history:progress', p)),
    'history:cancel': ({ jobId }) => d.loaded.cancel(jobId),
    'history:rows': (input) => d.loaded.rows(input),
    'history:refresh': (input) => d.loaded.refresh(input),
    'history:export': (input) => d.loaded.export(input, d.settings.get().labels),
    'transfer:get': ({ txHash, prefer }) => d.queries.transfer(txHash, prefer),
    'transfer:times': ({ txHash }) => d.transferTimes.times(txHash),
    'transfer:check': ({ txHash }) => d.chainChecks.check(txHash),
    'transfer:checkRows': ({ txHashes }) => d.chainChecks.checkRows(txHashes),
    'vault:get': ({ epoch, prefer }) => d.queries.vault(epoch, prefer),
    'keepers:maintainers': () => d.keepers.maintainers(),
    'keepers:solvency': () => d.keepers.solvency(),
    'tss:board': (input) => d.tss.board(input?.prefer ?? 'network'),
    'tss:trace': ({ query, prefer }) => d.tss.trace(query, prefer),
    'tss:follow': ({ chainId, follow }) => d.tss.follow(chainId, follow),
    'settings:get': () => d.settings.get(),
    'settings:update': (patch) => d.settings.update(patch),
    'profiles:save': (input) => d.settings.saveProfile(input),
    'profiles:delete': ({ id }) => d.settings.deleteProfile(id),
    'profiles:activate': ({ id }) => d.settings.activate(id),
    'profiles:demoDialect': ({ dialect }) => d.settings.setDemoDialect(dialect),
    'profiles:test': async (input) => {
      // a profile being tried out, with the defaults a new profile would get
      const endpoint = await d.endpoints.resolve(profileSchema.parse({ ...input, id: input.id ?? 'test' }))
      return checkEndpoint(endpoint, d.endpoints.client(endpoint))
    },
    'profiles:probe': async (input) => {
      // resolved as ours (which needs no tokens URL); each dialect's client is then built on the same URL. Butter's
      // tokens API is the form's, else the preset's for that app URL; its client needs one to exist, so without
      // either it is built on the app URL and the probe asks no tokens API (it says none was given)
      const endpoint = await d.endpoints.resolve(
        profileSchema.parse({ ...input, id: input.id ?? 'test', dialect: DEFAULT_DIALECT })
      )
      const tokensUrl = input.tokensUrl?.trim() || presetTokensUrl(endpoint.baseUrl)
      return probeDialects(
        (dialect) =>
          d.endpoints.client({
            ...endpoint,
            dialect,
            tokensUrl: descriptorOf(dialect).tokensUrl ? (tokensUrl ?? endpoint.baseUrl) : null
          }),
        tokensUrl
      )
    },
    'watchlists:get': () => d.settings.watchlistsFor(d.settings.activeProfile().id),
    'watchlists:add': ({ kind, item }) => d.settings.addWatch(kind, item),
    'watchlists:addChain': ({ address, chainId }) => d.settings.addWatchedChain(address, chainId),
    'watchlists:remove': ({ kind, key }) => d.settings.removeWatch(kind, key),
    'data:export': () => d.settings.exportText(),
    'data:import': ({ content, dryRun }) => {
      const before = d.settings.get().webhooks
      const result = d.settings.importText(content, { dryRun: dryRun === true })
      if (dryRun !== true) d.alerts.forgetRemoved(before)
      return result
    },
    'cache:stats': () => d.cache.stats(),
    'cache:clear': async () => {
      await d.cache.clear()
      return d.cache.stats()
    },
    'charts:volume': async (input) => {
      const range: { from?: string; to?: string } = {}
      if (input?.from) range.from = input.from
      if (input?.to) range.to = input.to
      return volumeCharts(await d.loaded.chartSources(d.settings.watchlistsFor(d.settings.activeProfile().id).addresses), range)
    },
    'updates:status': async () => {
      const u = await updater()
      return 'unavailable' in u ? { phase: 'idle', error: u.unavailable } : u.status()
    },
    'updates:check': async () => {
      const u = await updater()
      return 'unavailable' in u ? { available: false, disabled: true, error: u.unavailable } : u.checkNow()
    },
    'updates:download': async () => {
      const u = await updater()
      return 'unavailable' in u ? { ok: false, error: u.unavailable } : u.download()
    },
    'updates:install': async () => {
      const u = await updater()
      return { installing: 'unavailable' in u ? false : u.installAndRestart() }
    },
    'watch:log': (input) =>
      d.watch.readLog({ limit: input?.limit ?? 100, before: input?.before, id: input?.id }),
    'watch:status': () => d.watch.status(),
    'watch:pause': ({ paused }) => d.watch.setPaused(paused),
    'watch:recheck': (input) => d.watch.recheck(input?.txHash),
    'alerts:list': () => d.alerts.list(),
    'alerts:save': (input) => d.alerts.save(input),
    'alerts:remove': ({ id }) => d.alerts.remove(id),
    'alerts:test': ({ id }) => d.alerts.test(id)
  }
}
