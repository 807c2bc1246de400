// Settings and watchlists as persisted (electron-store) and as exchanged with the renderer and import/export.
import { dialectSchema } from '../dialects'
import { z } from 'zod'
import { CREDENTIALS_MESSAGE, hasCredentials } from '../redact'
import { DEFAULT_STATE_LABELS } from '../states'
import { DEMO_PROFILE_ID } from '../profile-ids'

export const SETTINGS_VERSION = 1
export { DEMO_PROFILE_ID }

export const addressSchema = z
  .string()
  .trim()
  .regex(/^0x[0-9a-fA-F]{40}$/, 'an address is 0x followed by 40 hex digits')
export const txHashSchema = z
  .string()
  .trim()
  .regex(/^0x[0-9a-fA-F]{64}$/, 'a transaction hash is 0x followed by 64 hex digits')
export const chainIdSchema = z
  .int('a chain id is a whole number')
  .positive('a chain id is a positive integer')

const httpUrl = z
  .string()
  .trim()
  .refine((s) => {
    try {
      const u = new URL(s)
      return u.protocol === 'http:' || u.protocol === 'https:'
    } catch {
      return false
    }
  }, 'an http(s) URL')
  .refine((s) => {
    try {
      return !hasCredentials(new URL(s))
    } catch {
      return true // the rule above names what is wrong
    }
  }, CREDENTIALS_MESSAGE)

/**
 * A webhook URL: http(s), no user:password@ (as every URL we store), but its path and query may carry the
 * receiver's token: that is what makes the whole URL a secret (kept in the secrets file, never in settings).
 */
export const webhookUrlSchema = httpUrl.max(2048, 'a webhook URL is at most 2048 characters')

const PROTOTYPE_NAMES = new Set(['__proto__', 'constructor', 'prototype'])

/**
 * Ids become object keys and file names: letters, digits, `_` and `-` only, and never a prototype's own
 * name, so no id can name a path or reach Object.prototype. (State keyed by id is in Maps as well.)
 */
export const idSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, 'an id is 1 to 64 letters, digits, "_" or "-"')
  .refine((id) => !PROTOTYPE_NAMES.has(id), 'an id cannot be __proto__, constructor or prototype')

// Documents are loose objects: a field this version does not know (written by a newer version, or by hand)
// is kept and written back, never silently stripped.
export const profileSchema = z.looseObject({
  id: idSchema,
  name: z.string().trim().min(1, 'a profile needs a name').max(80),
  /** 'demo' runs the embedded simulator on 127.0.0.1; its URLs are filled in at run time */
  kind: z.enum(['demo', 'custom']).default('custom'),
  baseUrl: z.union([httpUrl, z.literal('')]),
  rpcUrls: z.array(httpUrl).max(8),
  timeoutMs: z.int().min(1000).max(120_000).default(15_000),
  maxPageSize: z.int().min(1).max(1000).default(100),
  /** MAP's TSS cross-chain API (api/tss-api.md), beside the query service and the nodes; optional */
  tssUrl: z.union([httpUrl, z.literal('')]).optional(),
  /** which service answers at baseUrl: ours ('mcs', also when absent), Butter's swap-data API, MAP's Bridge Scan API */
  dialect: dialectSchema.optional(),
  /** Butter's tokens API (chains and tokens), beside its app API at baseUrl */
  tokensUrl: z.union([httpUrl, z.literal('')]).optional(),
  /** checks of each leg against its chain's JSON-RPC (src/shared/chain-check.ts); absent: on, the service's RPCs */
  chainCheck: z
    .looseObject({
      /** off: no leg is checked (each check tells the RPC's operator which transaction you look at) */
      enabled: z.boolean(),
      /** the user's own RPC per chain id, winning over the service's chain `rpc` */
      rpc: z.record(z.string().regex(/^\d{1,20}$/, 'a chain id'), httpUrl.max(2048))
    })
    .optional(),
  /**
   * the relay chain's keeper contracts and the maintainers' health servers (src/shared/keepers.ts); each field
   * absent: mainnet's contracts, the code's port 6040, a 1 % threshold
   */
  keepers: z
    .looseObject({
      maintainers: addressSchema.optional(),
      tssManager: addressSchema.optional(),
      viewController: addressSchema.optional(),
      healthPort: z.int().min(1).max(65_535).optional(),
      thresholdPct: z
        .string()
        .regex(/^\d{1,3}(\.\d{1,6})?$/, 'a per cent, up to 6 decimals')
        .refine((t) => Number(t) <= 100, 'a per cent is at most 100')
        .optional()
    })
    .optional()
})
export type Profile = z.infer<typeof profileSchema>

export const webhookFormatSchema = z.enum(['json', 'slack', 'discord'])
export type WebhookFormat = z.infer<typeof webhookFormatSchema>

/**
 * A webhook sink as settings hold it: everything but its URL. The URL is a secret and lives in the data
 * folder's secrets file under the sink's id (encrypted with the OS keychain where there is one); `urlHint`
 * is the scheme and host, to show which service it posts to.
 */
export const webhookSinkSchema = z.looseObject({
  id: idSchema,
  label: z.string().trim().max(80, 'a label is at most 80 characters').default(''),
  format: webhookFormatSchema.default('json'),
  enabled: z.boolean().default(true),
  urlHint: z.string().max(300).default('')
})
export type WebhookSinkConfig = z.infer<typeof webhookSinkSchema>

export const themeSchema = z.enum(['system', 'light', 'dark'])
export type Theme = z.infer<typeof themeSchema>

// One declaration of each setting's rule, used twice: with its default in the stored document, and without
// one in the patch `settings:update` takes (zod 4 fills defaults even in `.partial()`, which turned every
// patch into a reset of every setting it did not name).
const pollSec = z.int().min(5).max(86_400)
const labelKey = z.string().regex(/^-?\d+$/, 'a label key is a whole number')
const labelText = z.string().max(60)
const routeKey = z.string().regex(/^\d+-\d+$/, 'a route is "fromChainId-toChainId"')
const minutes = z.int().min(1)
const viewKey = z.string().regex(/^[a-z][a-z0-9-]{0,39}$/, 'a view name')
const profileKey = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'a profile id')
/** chain ids as MAP's TSS API writes them: decimal text, up to 1360095883558914 and beyond */
const tssChainList = z.array(z.string().regex(/^[1-9]\d{0,19}$/, 'a chain id is a whole number')).max(200)
const stallMinutes = z.int().min(1).max(1440)
/**
 * The watch of the vault's keepers. Off until turned on: each round asks every maintainer's health server (the
 * hosts the relay chain names, 21 on mainnet) and each router chain's RPC, which a user who watches transfers
 * has not asked for. A heartbeat is stale after 5 minutes: compass-tss sends one a minute
 * (mapprotocol/compass-tss@e2cf2fa35e9be121ef9cadc883666f4cd8eb52ac:pkg/chainclients/mapo/bridge.go, HeartBeat),
 * so five in a row were missed.
 */
const keepersWatchFields = {
  maintainers: z.boolean(),
  solvency: z.boolean(),
  intervalSec: pollSec,
  heartbeatStaleSec: z.int().min(60).max(86_400),
  maxScannerLag: z.int().min(0).max(1_000_000)
}
export const KEEPERS_WATCH_DEFAULTS = { maintainers: false, solvency: false, intervalSec: 60, heartbeatStaleSec: 300, maxScannerLag: 10 }
const scalars = {
  theme: themeSchema,
  unreachableAfterFailures: z.int().min(1).max(100),
  maxWatchAgeHours: z
    .int()
    .min(1)
    .max(24 * 365),
  cacheLimitMb: z.int().min(1).max(10_000),
  watchInBackground: z.boolean()
}

export const settingsSchema = z.looseObject({
  version: z.literal(SETTINGS_VERSION),
  profiles: z.array(profileSchema).min(1),
  activeProfileId: idSchema,
  theme: scalars.theme.default('system'),
  pollIntervals: z
    .looseObject({
      vaultSec: pollSec.default(60),
      transfersSec: pollSec.default(30),
      liveHistorySec: pollSec.default(30)
    })
    .default(() => ({ vaultSec: 60, transfersSec: 30, liveHistorySec: 30 })),
  unreachableAfterFailures: scalars.unreachableAfterFailures.default(3),
  maxWatchAgeHours: scalars.maxWatchAgeHours.default(48),
  cacheLimitMb: scalars.cacheLimitMb.default(100),
  /** user labels for state and type values, keyed by the raw number (their meanings are not published) */
  labels: z
    .looseObject({
      // MAP's front-end's names as defaults (src/shared/states.ts), editable
      state: z.record(labelKey, labelText).default(() => ({ ...DEFAULT_STATE_LABELS })),
      type: z.record(labelKey, labelText).default(() => ({}))
    })
    .default(() => ({ state: { ...DEFAULT_STATE_LABELS }, type: {} })),
  /** minutes a transfer may stay pending before it is flagged stuck; routes keyed "fromChainId-toChainId" */
  stuckThresholds: z
    .looseObject({
      defaultMinutes: minutes.default(120),
      routes: z.record(routeKey, minutes).default(() => ({}))
    })
    .default(() => ({ defaultMinutes: 120, routes: {} })),
  watchInBackground: scalars.watchInBackground.default(true),
  updates: z.looseObject({ enabled: z.boolean().default(false) }).default(() => ({ enabled: false })),
  /** live mode remembered per view */
  liveMode: z.record(viewKey, z.boolean()).default(() => ({})),
  /** webhook sinks of the watcher's alerts (Settings → Alerts); their URLs are in the secrets file */
  webhooks: z.array(webhookSinkSchema).default([]),
  /**
   * The TSS cross-chain watch: poll interval, minutes without a height change before a scanner counts as
   * stalled, and per profile the chains followed beyond its chain list (added by id in the Cross-chain view)
   */
  tss: z
    .looseObject({
      intervalSec: pollSec.default(60),
      stallMinutes: stallMinutes.default(10),
      chains: z.record(profileKey, tssChainList).default(() => ({}))
    })
    .default(() => ({ intervalSec: 60, stallMinutes: 10, chains: {} })),
  /** the keepers' checks beside the vault watch: maintainers (heartbeats, nodes, scanners, slash points), solvency */
  keepersWatch: z
    .looseObject({
      maintainers: keepersWatchFields.maintainers.default(KEEPERS_WATCH_DEFAULTS.maintainers),
      solvency: keepersWatchFields.solvency.default(KEEPERS_WATCH_DEFAULTS.solvency),
      intervalSec: keepersWatchFields.intervalSec.default(KEEPERS_WATCH_DEFAULTS.intervalSec),
      heartbeatStaleSec: keepersWatchFields.heartbeatStaleSec.default(KEEPERS_WATCH_DEFAULTS.heartbeatStaleSec),
      maxScannerLag: keepersWatchFields.maxScannerLag.default(KEEPERS_WATCH_DEFAULTS.maxScannerLag)
    })
    .default(() => ({ ...KEEPERS_WATCH_DEFAULTS }))
})
export type Settings = z.infer<typeof settingsSchema>

/**
 * What `settings:update` takes: a JSON merge patch (RFC 7396) of the settings the user may change. Only
 * the fields named change; nested objects merge field by field; `null` removes a key of a keyed map
 * (a label, a stuck route, a view's live mode). No defaults anywhere: an absent field stays as it is.
 */
export const settingsPatchSchema = z
  .object({
    ...scalars,
    pollIntervals: z
      .object({ vaultSec: pollSec, transfersSec: pollSec, liveHistorySec: pollSec })
      .partial()
      .strict(),
    labels: z
      .object({
        state: z.record(labelKey, labelText.nullable()),
        type: z.record(labelKey, labelText.nullable())
      })
      .partial()
      .strict(),
    stuckThresholds: z
      .object({ defaultMinutes: minutes, routes: z.record(routeKey, minutes.nullable()) })
      .partial()
      .strict(),
    updates: z.object({ enabled: z.boolean() }).partial().strict(),
    liveMode: z.record(viewKey, z.boolean().nullable()),
    tss: z
      .object({ intervalSec: pollSec, stallMinutes, chains: z.record(profileKey, tssChainList.nullable()) })
      .partial()
      .strict(),
    keepersWatch: z.object(keepersWatchFields).partial().strict()
  })
  .partial()
  .strict()
export type SettingsPatch = z.infer<typeof settingsPatchSchema>

export const watchedAddressSchema = z.looseObject({
  address: addressSchema,
  chainIds: z.array(chainIdSchema).min(1),
  label: z.string().max(80).default(''),
  /** watched on this profile only (the demo network's starter: its address means nothing elsewhere); absent: every profile */
  profileId: idSchema.optional()
})
export const watchedTransferSchema = z.looseObject({
  txHash: txHashSchema,
  label: z.string().max(80).default(''),
  addedAt: z.number().default(() => Date.now())
})
export const watchedEpochSchema = z.looseObject({
  epoch: z.string().regex(/^0x[0-9a-f]+$/, 'an epoch as a hex quantity'),
  label: z.string().max(80).default('')
})
export const watchlistsSchema = z.looseObject({
  addresses: z.array(watchedAddressSchema).default([]),
  transfers: z.array(watchedTransferSchema).default([]),
  epochs: z.array(watchedEpochSchema).default([])
})
export type Watchlists = z.infer<typeof watchlistsSchema>

// What the renderer sends: the stored schemas with their defaults taken off (the rule stays the same), so a
// field left out of a profile edit or a re-added watch entry keeps its stored value instead of being reset
// by a default zod would fill in. Defaults apply only when an entry is new.
/** a profile as the Settings form sends it; `id` absent for a new profile */
export const profileInputSchema = profileSchema.extend({
  id: idSchema.optional(),
  kind: profileSchema.shape.kind.unwrap().optional(),
  timeoutMs: profileSchema.shape.timeoutMs.unwrap().optional(),
  maxPageSize: profileSchema.shape.maxPageSize.unwrap().optional()
})
/**
 * A webhook sink as the Alerts panel sends it: `id` absent for a new sink, `url` absent to keep the stored
 * one (the panel never has it back after a save).
 */
export const webhookSinkInputSchema = z
  .object({
    id: idSchema.optional(),
    label: webhookSinkSchema.shape.label.unwrap().optional(),
    format: webhookFormatSchema.optional(),
    enabled: z.boolean().optional(),
    url: webhookUrlSchema.optional()
  })
  .strict()
export type WebhookSinkInput = z.infer<typeof webhookSinkInputSchema>
export const watchedAddressInputSchema = watchedAddressSchema.extend({
  label: watchedAddressSchema.shape.label.unwrap().optional()
})
export const watchedTransferInputSchema = watchedTransferSchema.extend({
  label: watchedTransferSchema.shape.label.unwrap().optional(),
  addedAt: watchedTransferSchema.shape.addedAt.unwrap().optional()
})
export const watchedEpochInputSchema = watchedEpochSchema.extend({
  label: watchedEpochSchema.shape.label.unwrap().optional()
})
export type WatchedAddress = z.infer<typeof watchedAddressSchema>

/** The file written by export and read by import. */
export const exportFileSchema = z.object({
  app: z.literal('bridgescope'),
  exportedAt: z.string(),
  settings: settingsSchema,
  watchlists: watchlistsSchema
})

export function demoProfile(): Profile {
  return {
    id: DEMO_PROFILE_ID,
    name: 'Demo network',
    kind: 'demo',
    baseUrl: '',
    rpcUrls: [],
    timeoutMs: 15_000,
    maxPageSize: 100
  }
}

export function defaultSettings(): Settings {
  return settingsSchema.parse({
    version: SETTINGS_VERSION,
    profiles: [demoProfile()],
    activeProfileId: DEMO_PROFILE_ID
  })
}
