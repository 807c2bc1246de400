// The IPC contract: every channel the renderer may call, with its input schema and result type, and every
// push event main may send. Preload, the main handler table, the browser harness and the renderer's API
// type are all derived from this file: a new channel is one entry here.
import { outcomeSchema, type Outcome } from './outcome'
import { z } from 'zod'
import type { AppErrorData, Result } from './errors'
import type { ChainRecord, TokenList, TransferDetail } from './schemas/wire'
import type { VaultResult } from './schemas/vault'
import type { KeepersReport, SolvencyReport } from './keepers'
import type { RowPage, TableRow } from './table-row'
import { ROW_CHECK_MAX, type TransferCheck } from './chain-check'
import type { RowCheck } from './chain-word'
import type { FoundTimes } from './transfer-times'
import type { LoadCompleteness } from './history-load'
import { transferColumnIds } from './transfer-columns'
import type { CheckResult, DownloadResult, UpdateNotice, UpdaterStatus } from './updates'
import type { WatchEvent, WatchStatus } from './watch'
import type { AlertDelivery, AlertDeliveryNotice, AlertsView } from './alerts'
import type { MethodName } from './api-names'
import type { TssBoard, TssTraceResult } from './schemas/tss-board'
import { dialectSchema, type Dialect } from './dialects'
import { tssChainIdSchema, tssTraceInputSchema } from './schemas/tss'
import {
  addressSchema,
  chainIdSchema,
  idSchema,
  profileInputSchema,
  settingsPatchSchema,
  txHashSchema,
  watchedAddressInputSchema,
  watchedEpochInputSchema,
  watchedTransferInputSchema,
  webhookSinkInputSchema,
  type Profile,
  type Settings,
  type Watchlists
} from './schemas/settings'

export { API_GLOBAL, methodName, type MethodName } from './api-names'

/** Where a result came from. Cached copies come back at once; a failed refresh rides along as `error`. */
export interface Sourced<T> {
  data: T
  source: 'network' | 'cache'
  /** epoch milliseconds of the network fetch that produced `data` */
  fetchedAt: number
  stale: boolean
  error?: AppErrorData
}

export interface Notice {
  level: 'info' | 'warning' | 'error'
  message: string
  at: number
}

export interface AppInfo {
  version: string
  profile: Pick<Profile, 'id' | 'name' | 'kind'>
  /** set when the active profile is the embedded demo network */
  demo: { baseUrl: string; rpcUrl: string } | null
  /** things the user must be told, e.g. a store file that was moved aside */
  notices: Notice[]
  /** 'electron' in the app, 'harness' in the browser harness */
  shell: 'electron' | 'harness'
}

/** An address of the demo network worth looking at, so a newcomer has something to open: the busiest first. */
export interface StarterAddress {
  address: string
  chainId: number
  /** transfers it sent on that chain */
  transfers: number
}

export interface Progress {
  jobId: string
  loaded: number
  total: number
  pagesDone: number
  pagesTotal: number
  done: boolean
  error?: AppErrorData
}

export const historySortKeys = [
  'timestamp',
  'amount',
  'inAmount',
  'stable',
  'state',
  'type',
  'fromChainid',
  'toChainid',
  'symbol',
  // send → receipt, by the model's rule (delivered transfers only; the others order first, as unknown amounts do)
  'duration'
] as const
export const historyFilterSchema = z.object({
  text: z.string().max(200).optional(),
  token: z.string().max(100).optional(),
  fromChainId: chainIdSchema.optional(),
  toChainId: chainIdSchema.optional(),
  state: z.int().optional(),
  /** how the transfers ended (in flight, delivered, refunded, failed, unknown), whatever their service's numbers */
  outcome: outcomeSchema.optional(),
  /**
   * only transfers stuck at `now` (epoch ms): in flight by their service's word for longer than their route's
   * minutes (the user's thresholds, Settings → Stuck transfers), as every view marks them
   */
  stuck: z
    .object({
      now: z.int().nonnegative(),
      defaultMinutes: z.int().min(1).max(10_000_000),
      routes: z.record(z.string().max(50), z.int().min(1).max(10_000_000)).refine((r) => Object.keys(r).length <= 10_000, 'at most 10,000 routes')
    })
    .optional(),
  /** inclusive, 'YYYY-MM-DD' or full 'YYYY-MM-DD HH:MM:SS' */
  from: z.string().max(19).optional(),
  to: z.string().max(19).optional()
})
export type HistoryFilter = z.infer<typeof historyFilterSchema>
export const historySortSchema = z.object({ key: z.enum(historySortKeys), dir: z.enum(['asc', 'desc']) })
export type HistorySort = z.infer<typeof historySortSchema>

export interface HistoryRows {
  /** what the table shows of each transfer (table-row.ts), not the whole record */
  rows: TableRow[]
  /** where `rows` start in the view: the offset asked for, or, for one past the end of a counted view, the last rows' */
  offset: number
  /** rows in the dataset */
  total: number
  /** rows that pass the filter (with complete false: those found so far, at least the window's) */
  matched: number
  /** false while a long filter pass is still counting; ask again with complete: true for the whole count */
  complete: boolean
  /**
   * asked for with `widest`: the few rows of the whole loaded history that hold each column's widest text, so
   * the table sizes its columns once for the history rather than by the rows in view
   */
  widest?: TableRow[]
  /** asked for with `widest`: every state the whole loaded history holds, its service's word and outcome, for the filters */
  states?: LoadedState[]
}

/** One state number a loaded history holds, as the model reads it. */
export interface LoadedState {
  number: number
  word: string | null
  outcome: Outcome
  /** rows in that state */
  rows: number
}

/** What keeping a loaded history current (history:refresh) changed. */
export interface HistoryRefresh {
  /** transfers this refresh found new, now on top */
  arrived: number
  /** transfers whose state or legs changed, replaced where they were */
  updated: number
  /** transfers new since the history was loaded */
  sinceLoad: number
  /** rows in the dataset */
  total: number
  /** true once a refresh found more new transfers than it reads: the ones between are missing until a reload */
  gap: boolean
  /** where the anchor row is in its view now; null when it is not in it (or none was asked about) */
  anchor: number | null
}

export interface EndpointCheck {
  url: string
  ok: boolean
  latencyMs: number | null
  error?: AppErrorData
}

/** One dialect's read at the probed URL, and what answered. */
export interface DialectProbeTry {
  dialect: Dialect
  /** the request tried, as the user is told it ("GET /api/queryChainList") */
  request: string
  recognised: boolean
  /** what answered: the HTTP status, or what the body looked like, when not recognised */
  answer: string
}

/** Butter's second host, asked once when its app API was recognised: does the tokens URL answer as its tokens API? */
export interface DialectProbeTokens {
  /** the tokens URL asked: the form's, else the preset's for that app URL; null when there is neither */
  url: string | null
  request: string
  recognised: boolean
  /** what answered when not recognised (the HTTP status, or what the body looked like), or why nothing was asked */
  answer: string
}

/** Which dialect answered at a profile's URL: a proposal for the user to confirm, never applied by itself. */
export interface DialectProbe {
  /** the first dialect recognised (ours first); null when none was */
  proposal: Dialect | null
  tried: DialectProbeTry[]
  /** when Butter's app API was recognised, its tokens API's answer; null otherwise */
  tokens: DialectProbeTokens | null
}

export interface Health {
  profileId: string
  api: EndpointCheck | null
  rpc: EndpointCheck[]
  lastFetchAt: number | null
  cacheAgeMs: number | null
}

export interface CacheStats {
  entries: number
  bytes: number
  limitBytes: number
}

export interface VolumeCharts {
  daily: { labels: string[]; series: { name: string; values: number[] }[] }
  byDestination: { labels: string[]; values: number[] }
  byToken: { labels: string[]; values: number[] }
  transfers: number
  stableSymbol: string | null
  /** transfers in those histories left out because their service gives no stable value (not 0: unknown) */
  valueNotProvided: number
}

const none = z.object({}).strict().optional()
const prefer = z.enum(['cache', 'network']).default('network')
const jobId = z.string().min(1).max(64)
const epochInput = z.string().trim().min(1).max(80)

/** Declares a channel: its input schema, and (as a type only) its result. */
function channel<R>() {
  return <S extends z.ZodType>(input: S) => ({ input, result: undefined as unknown as R })
}

export const channels = {
  'app:info': channel<AppInfo>()(none),
  'app:openExternal': channel<void>()(z.object({ url: z.string().max(2048) })),
  'health:get': channel<Health>()(none),
  /** the demo network's busiest addresses; empty on any other profile */
  'demo:starters': channel<StarterAddress[]>()(none),

  'chains:list': channel<Sourced<ChainRecord[]>>()(z.object({ prefer }).optional()),
  'tokens:list': channel<Sourced<TokenList>>()(z.object({ prefer }).optional()),
  // Transfers cross as the table's rows (TableRow, src/shared/table-row.ts: the transfer model, trimmed), never
  // as a service's records. A single page (history:page) is served from the disk cache stale-while-revalidate
  // (Sourced) and its rows made from the records as they are read, so a cached page means what today's model
  // says. A loaded history (history:loadAll) may be a million records and stays in main; only the window of rows
  // on screen crosses (history:rows), already sorted and filtered.
  'history:page': channel<Sourced<RowPage>>()(
    z.object({
      address: addressSchema,
      chainId: chainIdSchema,
      pageNo: z.int().min(1).default(1),
      pageSize: z.int().min(1).default(10),
      prefer
    })
  ),
  'history:loadAll': channel<{
    datasetId: string
    total: number
    loaded: number
    completeness: LoadCompleteness | null
  }>()(
    z.object({ jobId, address: addressSchema, chainId: chainIdSchema, pageSize: z.int().min(1).optional() })
  ),
  'history:cancel': channel<void>()(z.object({ jobId })),
  'history:rows': channel<HistoryRows>()(
    z.object({
      datasetId: z.string().min(1).max(200),
      offset: z.int().min(0),
      limit: z.int().min(1).max(500),
      sort: historySortSchema.optional(),
      filter: historyFilterSchema.optional(),
      /** answer only once the whole view is counted */
      complete: z.boolean().optional(),
      /** also send the rows that hold each column's widest text (HistoryRows.widest) */
      widest: z.boolean().optional()
    })
  ),
  /**
   * Keeps a loaded history current: new transfers on top, changed ones in place. `anchor` is a row the table
   * shows (by record id) and its view: the answer says where that row is now, so the table keeps it in place.
   */
  'history:refresh': channel<HistoryRefresh>()(
    z.object({
      datasetId: z.string().min(1).max(200),
      anchor: z
        .object({ id: z.int(), sort: historySortSchema.optional(), filter: historyFilterSchema.optional() })
        .optional()
    })
  ),
  'history:export': channel<{ filename: string; content: string; rows: number }>()(
    z.object({
      datasetId: z.string().min(1).max(200),
      format: z.enum(['csv', 'json']),
      sort: historySortSchema.optional(),
      filter: historyFilterSchema.optional(),
      /** "visible columns": only the fields of these table columns, in this order; absent, every field */
      columns: z.array(z.enum(transferColumnIds)).min(1).max(transferColumnIds.length).optional()
    })
  ),
  'transfer:get': channel<Sourced<TransferDetail>>()(z.object({ txHash: txHashSchema, prefer })),
  /** when the transfer was sent and last updated, and which source said so: its detail, the sender's history, its legs' blocks */
  'transfer:times': channel<FoundTimes>()(z.object({ txHash: txHashSchema })),
  /** each leg of the transfer checked against its own chain's JSON-RPC (refused when the profile has checks off) */
  'transfer:check': channel<TransferCheck>()(z.object({ txHash: txHashSchema })),
  /** the Transfers table's rows in view, each row's worst outcome on its chains (refused when checks are off) */
  'transfer:checkRows': channel<RowCheck[]>()(
    z.object({ txHashes: z.array(txHashSchema).min(1).max(ROW_CHECK_MAX) })
  ),
  'vault:get': channel<Sourced<VaultResult>>()(z.object({ epoch: epochInput, prefer })),
  /** who keeps the vault: the epoch's maintainers from the relay chain, each with its own node's health */
  'keepers:maintainers': channel<KeepersReport>()(none),
  /** each vault's books against each chain's finalized balance, with a verdict per token */
  'keepers:solvency': channel<SolvencyReport>()(none),
  // MAP's TSS cross-chain API (the Cross-chain view): the followed chains' board, one order traced, follow by id
  'tss:board': channel<Sourced<TssBoard>>()(z.object({ prefer }).optional()),
  'tss:trace': channel<Sourced<TssTraceResult>>()(z.object({ query: tssTraceInputSchema, prefer })),
  'tss:follow': channel<string[]>()(z.object({ chainId: tssChainIdSchema, follow: z.boolean() })),

  'settings:get': channel<Settings>()(none),
  /** a JSON merge patch: only the settings named change (see settingsPatchSchema) */
  'settings:update': channel<Settings>()(settingsPatchSchema),
  'profiles:save': channel<Settings>()(profileInputSchema),
  'profiles:delete': channel<Settings>()(z.object({ id: idSchema })),
  'profiles:activate': channel<Settings>()(z.object({ id: idSchema })),
  /** which dialect the built-in demo network speaks (it serves all three from the same transfers) */
  'profiles:demoDialect': channel<Settings>()(z.object({ dialect: dialectSchema })),
  'profiles:test': channel<{ api: EndpointCheck | null; rpc: EndpointCheck[] }>()(profileInputSchema),
  /** which dialect answers at the form's URL: one harmless read per dialect; proposes, never saves */
  'profiles:probe': channel<DialectProbe>()(profileInputSchema),
  'watchlists:get': channel<Watchlists>()(none),
  'watchlists:add': channel<Watchlists>()(
    z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('address'), item: watchedAddressInputSchema }),
      z.object({ kind: z.literal('transfer'), item: watchedTransferInputSchema }),
      z.object({ kind: z.literal('epoch'), item: watchedEpochInputSchema })
    ])
  ),
  /**
   * Watch an address on one more chain: its entry gains the chain (label and other chains kept), or is made.
   * One read-modify-write in main under the store's lock, so two windows watching at once both count.
   */
  'watchlists:addChain': channel<Watchlists>()(z.object({ address: addressSchema, chainId: chainIdSchema })),
  'watchlists:remove': channel<Watchlists>()(
    z.object({ kind: z.enum(['address', 'transfer', 'epoch']), key: z.string().min(1).max(100) })
  ),
  'data:export': channel<{ filename: string; content: string }>()(none),
  /** dryRun: validate and say what would change, save nothing (the Settings view asks before replacing) */
  'data:import': channel<{ settings: Settings; watchlists: Watchlists; changes: string[] }>()(
    z.object({ content: z.string().max(10_000_000), dryRun: z.boolean().optional() })
  ),
  'cache:stats': channel<CacheStats>()(none),
  'cache:clear': channel<CacheStats>()(none),
  'charts:volume': channel<VolumeCharts>()(
    z.object({ from: z.string().max(19).optional(), to: z.string().max(19).optional() }).optional()
  ),

  // Updates (packaged builds only; off unless settings.updates.enabled; a download only on request)
  'updates:status': channel<UpdaterStatus>()(none),
  'updates:check': channel<CheckResult>()(none),
  'updates:download': channel<DownloadResult>()(none),
  'updates:install': channel<{ installing: boolean }>()(none),
  // Vault and transfer watch: activity log, status, pause, manual re-check.
  'watch:log': channel<WatchEvent[]>()(
    z
      .object({
        limit: z.int().min(1).max(1000).default(100),
        /** entries strictly older than this (epoch ms), to page back */
        before: z.number().optional(),
        /** one entry by id (the vault view's ?diff=<id>) */
        id: z.string().min(1).max(300).optional()
      })
      .optional()
  ),
  'watch:status': channel<WatchStatus>()(none),
  'watch:pause': channel<WatchStatus>()(z.object({ paused: z.boolean() })),
  'watch:recheck': channel<WatchStatus>()(z.object({ txHash: txHashSchema.optional() }).optional()),
  // Settings → Alerts: webhook sinks of the watcher. A URL goes in with alerts:save and never comes back.
  'alerts:list': channel<AlertsView>()(none),
  /** adds a sink (no id) or changes one: fields left out, and an absent url, keep their stored values */
  'alerts:save': channel<AlertsView>()(webhookSinkInputSchema),
  'alerts:remove': channel<AlertsView>()(z.object({ id: idSchema })),
  /** sends one test alert through the sink now and says how it went */
  'alerts:test': channel<AlertDelivery>()(z.object({ id: idSchema }))
} as const

/** Push events, main → renderer. */
function event<P>() {
  return undefined as unknown as P
}
export const events = {
  'history:progress': event<Progress>(),
  'app:notice': event<Notice>(),
  'updates:notice': event<UpdateNotice>(),

  // Vault and transfer watch: one event per change, the same objects as watch:log's entries.
  'watch:event': event<WatchEvent>(),
  // Each webhook delivery as it happens: the Alerts panel shows every sink's last status.
  'alerts:delivery': event<AlertDeliveryNotice>()
} as const

export type Channel = keyof typeof channels
export type EventName = keyof typeof events
export type ChannelInput<C extends Channel> = z.input<(typeof channels)[C]['input']>
export type ChannelParsed<C extends Channel> = z.output<(typeof channels)[C]['input']>
export type ChannelResult<C extends Channel> = (typeof channels)[C]['result']
export type EventPayload<E extends EventName> = (typeof events)[E]

export const CHANNELS = Object.keys(channels) as Channel[]
export const EVENTS = Object.keys(events) as EventName[]

/** What preload exposes as window.bridgescope (and the harness installs in the page). */
export type ChannelFn<C extends Channel> =
  undefined extends ChannelInput<C>
    ? (input?: ChannelInput<C>) => Promise<Result<ChannelResult<C>>>
    : (input: ChannelInput<C>) => Promise<Result<ChannelResult<C>>>
export type BridgescopeApi = {
  readonly [C in Channel as MethodName<C>]: ChannelFn<C>
} & {
  readonly on: <E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void) => () => void
}

/** Push-event frames carry the event name so one transport can serve them all. */
export interface EventFrame<E extends EventName = EventName> {
  event: E
  payload: EventPayload<E>
}
