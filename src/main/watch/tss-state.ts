// The TSS cross-chain watch's memory, per profile and followed chain: the scan height, when it last moved and
// a few recent samples (for the rate), whether it counts as stalled, and the pending orders with when each was
// first seen and what tracing it told (its source time, order id, route, status). Kept in
// <dir>/tss-state.json beside the watcher's state.json (its own file: the vault state can be megabytes and is
// written rarely; this is small and changes with every poll), so a restart knows since when a scanner has not
// moved and announces nothing twice. A file that does not parse is set aside and the watch starts fresh.
import { join } from 'node:path'
import { z } from 'zod'
import { writeFileAtomic } from '../store'
import { profilePart, readStateFile } from './state-file'

/** Fields that change with every poll: they decide no write on their own (see save). */
const NOT_COMPARED = new Set(['height', 'samples', 'checkedAt', 'lastPollAt', 'movedAt'])
const TIMES_EVERY_MS = 10 * 60_000

const pendingSchema = z.object({
  tx: z.string(),
  firstSeen: z.number(),
  /** epoch ms of the source leg's timestamp, once traced */
  srcAt: z.number().nullable().default(null),
  orderId: z.string().nullable().default(null),
  status: z.string().nullable().default(null),
  route: z.string().nullable().default(null),
  tracedAt: z.number().nullable().default(null),
  stuckAnnounced: z.boolean().default(false)
})

const chainSchema = z.object({
  height: z.string().nullable().default(null),
  /** when the height last changed, or was first seen */
  movedAt: z.number().nullable().default(null),
  /** [epoch ms, height] of recent answers, oldest first */
  samples: z.array(z.tuple([z.number(), z.string()])).default([]),
  stalled: z.boolean().default(false),
  checkedAt: z.number().nullable().default(null),
  error: z.string().nullable().default(null),
  /** an array, not a record: a hash is remote text and must never become an object key */
  pending: z.array(pendingSchema).default([])
})

const profileSchema = z.object({
  /** chain id → state; chain ids are digits only (checked before use) */
  chains: z.record(z.string().regex(/^\d{1,20}$/), chainSchema).default({}),
  failures: z.int().default(0),
  downSince: z.number().nullable().default(null),
  unreachable: z.boolean().default(false),
  lastPollAt: z.number().nullable().default(null)
})

const fileSchema = z.object({ version: z.literal(1), profiles: z.record(z.string(), profileSchema) })

export type TssPendingState = z.infer<typeof pendingSchema>
export type TssChainState = z.infer<typeof chainSchema>
export type TssProfileState = z.infer<typeof profileSchema>
export const newTssChainState = (): TssChainState => chainSchema.parse({})

export class TssWatchState {
  private writing: Promise<void> = Promise.resolve()
  private savedText: string | null = null
  private savedMeaning: string | null = null
  private savedAt = Date.now()
  private closed = false
  private readonly profiles: Map<string, TssProfileState>

  private constructor(
    private readonly path: string | null,
    profiles: Record<string, TssProfileState>
  ) {
    this.profiles = new Map(Object.entries(profiles))
  }

  /** `dir` null keeps the state in memory only. */
  static async open(dir: string | null): Promise<TssWatchState> {
    if (!dir) return new TssWatchState(null, {})
    const path = join(dir, 'tss-state.json')
    const found = await readStateFile(path, fileSchema)
    if (!found) return new TssWatchState(path, {})
    const state = new TssWatchState(path, found.data.profiles)
    state.savedText = found.text
    return state
  }

  profile(profileId: string): TssProfileState {
    return profilePart(this.profiles, profileId, () => profileSchema.parse({}))
  }

  /**
   * Writes when something that decides an event changed (stalled flags, pending orders and what tracing
   * learnt, reachability); heights, samples and answer times, which change with every poll, ride along and
   * are written on their own at most every TIMES_EVERY_MS (or when `force`, on stop). A height written late
   * costs nothing after a restart: the first poll sees the height differ and counts it as a move. Writes are
   * queued so two polls never interleave.
   */
  save(now = Date.now(), force = false): Promise<void> {
    const path = this.path
    if (!path || this.closed) return this.writing
    const data = { version: 1, profiles: Object.fromEntries(this.profiles) }
    const meaning = JSON.stringify(data, (key, value: unknown) => (NOT_COMPARED.has(key) ? undefined : value))
    if (!force && meaning === this.savedMeaning && now - this.savedAt < TIMES_EVERY_MS) return this.writing
    const text = JSON.stringify(data)
    if (text === this.savedText) return this.writing
    this.savedText = text
    this.savedMeaning = meaning
    this.savedAt = now
    this.writing = this.writing.then(() => writeFileAtomic(path, text)).catch(() => undefined)
    return this.writing
  }

  /**
   * The last write (forced), then no more: a poll or a board refresh that ends after the app has shut down
   * must not write into a data folder its owner may already be removing.
   */
  async close(now = Date.now()): Promise<void> {
    await this.save(now, true)
    this.closed = true
    await this.writing
  }
}
