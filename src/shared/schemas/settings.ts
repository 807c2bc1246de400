// Settings and watchlists as persisted (electron-store) and as exchanged with the renderer and import/export.
import { z } from 'zod'
import { CREDENTIALS_REFUSED, hasCredentials } from '../redact'

export const SETTINGS_VERSION = 1
export const DEMO_PROFILE_ID = 'demo'

export const addressSchema = z
  .string()
  .trim()
  .regex(/^0x[0-9a-fA-F]{40}$/, 'an address is 0x followed by 40 hex digits')
export const txHashSchema = z
  .string()
  .trim()
  .regex(/^0x[0-9a-fA-F]{64}$/, 'a transaction hash is 0x followed by 64 hex digits')
export const chainIdSchema = z.int('a chain id is a whole number').positive('a chain id is a positive integer')

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
  // 12.8: user:pass@ never works (fetch refuses it) and would land in logs and notifications.
  .refine((s) => !hasCredentials(s), CREDENTIALS_REFUSED)

export const profileSchema = z.object({
  id: z.string().min(1).max(64),
  name: z.string().trim().min(1, 'a profile needs a name').max(80),
  /** 'demo' runs the embedded simulator on 127.0.0.1; its URLs are filled in at run time */
  kind: z.enum(['demo', 'custom']).default('custom'),
  baseUrl: z.union([httpUrl, z.literal('')]),
  rpcUrls: z.array(httpUrl).max(8),
  timeoutMs: z.int().min(1000).max(120_000).default(15_000),
  maxPageSize: z.int().min(1).max(1000).default(100)
})
export type Profile = z.infer<typeof profileSchema>

export const themeSchema = z.enum(['system', 'light', 'dark'])
export type Theme = z.infer<typeof themeSchema>

export const settingsSchema = z.object({
  version: z.literal(SETTINGS_VERSION),
  profiles: z.array(profileSchema).min(1),
  activeProfileId: z.string(),
  theme: themeSchema.default('system'),
  pollIntervals: z
    .object({
      vaultSec: z.int().min(5).max(86_400).default(60),
      transfersSec: z.int().min(5).max(86_400).default(30),
      liveHistorySec: z.int().min(5).max(86_400).default(30)
    })
    .default({ vaultSec: 60, transfersSec: 30, liveHistorySec: 30 }),
  unreachableAfterFailures: z.int().min(1).max(100).default(3),
  maxWatchAgeHours: z.int().min(1).max(24 * 365).default(48),
  cacheLimitMb: z.int().min(1).max(10_000).default(100),
  /** user labels for state and type values, keyed by the raw number (their meanings are not published) */
  labels: z
    .object({
      state: z.record(z.string().regex(/^-?\d+$/), z.string().max(60)).default({}),
      type: z.record(z.string().regex(/^-?\d+$/), z.string().max(60)).default({})
    })
    .default({ state: {}, type: {} }),
  /** minutes a transfer may stay pending before it is flagged stuck; routes keyed "fromChainId-toChainId" */
  stuckThresholds: z
    .object({
      defaultMinutes: z.int().min(1).default(120),
      routes: z.record(z.string().regex(/^\d+-\d+$/), z.int().min(1)).default({})
    })
    .default({ defaultMinutes: 120, routes: {} }),
  watchInBackground: z.boolean().default(true),
  updates: z.object({ enabled: z.boolean().default(false) }).default({ enabled: false }),
  /** live mode remembered per view */
  liveMode: z.record(z.string(), z.boolean()).default({})
})
export type Settings = z.infer<typeof settingsSchema>

export const watchedAddressSchema = z.object({
  address: addressSchema,
  chainIds: z.array(chainIdSchema).min(1),
  label: z.string().max(80).default('')
})
export const watchedTransferSchema = z.object({
  txHash: txHashSchema,
  label: z.string().max(80).default(''),
  addedAt: z.number().default(() => Date.now())
})
export const watchedEpochSchema = z.object({
  epoch: z.string().regex(/^0x[0-9a-f]+$/, 'an epoch as a hex quantity'),
  label: z.string().max(80).default('')
})
export const watchlistsSchema = z.object({
  addresses: z.array(watchedAddressSchema).default([]),
  transfers: z.array(watchedTransferSchema).default([]),
  epochs: z.array(watchedEpochSchema).default([])
})
export type Watchlists = z.infer<typeof watchlistsSchema>
export type WatchedAddress = z.infer<typeof watchedAddressSchema>
export type WatchedTransfer = z.infer<typeof watchedTransferSchema>
export type WatchedEpoch = z.infer<typeof watchedEpochSchema>

/** The file written by export and read by import. */
export const exportFileSchema = z.object({
  app: z.literal('bridgescope'),
  exportedAt: z.string(),
  settings: settingsSchema,
  watchlists: watchlistsSchema
})
export type ExportFile = z.infer<typeof exportFileSchema>

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
