// The watcher's memory, kept in <data>/watch/state.json so a restart neither forgets the last snapshot nor
// repeats an alert: last vault snapshot, ids already announced, node health, watched transfers and address
// baselines, per profile. Written atomically after each poll that changed something; a file that does not
// parse is set aside and the watcher starts fresh (it re-establishes baselines without alerting).
import { outcomeSchema } from '@shared/outcome'
import { join } from 'node:path'
import { z } from 'zod'
import { jsonValueSchema } from '@shared/schemas/vault'
import { writeFileAtomic } from '../store'
import { profilePart, readStateFile } from './state-file'

const MAX_ANNOUNCED = 1000
/**
 * Left out of the comparison that decides a write: fields that change on every answer (they ride along with
 * a write, and are written on their own at most every TIMES_EVERY_MS), and the vault snapshot's raw body,
 * which can be megabytes and which its hash stands for.
 */
const NOT_COMPARED = new Set(['latencyMs', 'lastAnswerAt', 'lastPollAt', 'raw'])
const TIMES_EVERY_MS = 10 * 60_000

const snapshotSchema = z.object({
  hash: z.string(),
  epoch: z.string().nullable(),
  status: z.string().nullable(),
  publicKey: z.string().nullable().default(null),
  raw: jsonValueSchema,
  at: z.number()
})

const nodeSchema = z.object({
  failures: z.int().default(0),
  unreachable: z.boolean().default(false),
  downSince: z.number().nullable().default(null),
  lastAnswerAt: z.number().nullable().default(null),
  latencyMs: z.number().nullable().default(null),
  /** the node's own latest answer: each node its own truth, kept across restarts */
  epoch: z.string().nullable().default(null),
  publicKey: z.string().nullable().default(null),
  status: z.string().nullable().default(null),
  /** consecutive answers below the highest epoch, and whether "behind" was announced */
  behindPolls: z.int().default(0),
  behind: z.boolean().default(false),
  behindSince: z.number().nullable().default(null)
})

const transferSchema = z.object({
  state: z.int().nullable().default(null),
  legs: z.array(z.enum(['relayer', 'destination'])).default([]),
  pending: z.boolean().default(true),
  /** how it ended, as its dialect's state table reads the last answer; null before the first */
  outcome: outcomeSchema.nullable().default(null),
  stuckAnnounced: z.boolean().default(false),
  lastPollAt: z.number().nullable().default(null),
  /** set by a manual re-check: polling past the maximum age restarts from here */
  watchFrom: z.number().nullable().default(null),
  /** when the service first said it was delivered: a destination the chain does not know counts from here */
  deliveredAt: z.number().nullable().default(null),
  /** the worst way its chains contradict the service now (chain-watch.ts), null when they do not */
  chainWorst: z.enum(['disagrees', 'not-found', 'reverted']).nullable().default(null),
  /** what contradicted at the last announcement, null once the chains agree again */
  chainAnnounced: z.string().nullable().default(null),
  chainEpisodes: z.int().default(0),
  /** delivered and every leg confirmed past any reorg: not checked on its chains again */
  chainSettled: z.boolean().default(false)
})

/** A keeper condition (a node down, a heartbeat stale, a vault short): rounds it held, since when, said or not. */
const keeperConditionSchema = z.object({
  rounds: z.int().default(0),
  since: z.number().nullable().default(null),
  on: z.boolean().default(false)
})

const keepersSchema = z.object({
  /** "<check>|<subject>" → its condition; what the last round no longer names is dropped */
  conditions: z.record(z.string(), keeperConditionSchema).default({}),
  /** maintainer → its slash points at the last round, and the epoch they count in */
  slash: z.record(z.string(), z.object({ epoch: z.string(), points: z.string() })).default({})
})

const profileStateSchema = z.object({
  last: snapshotSchema.nullable().default(null),
  announced: z.array(z.string()).default([]),
  vaultFailures: z.int().default(0),
  nodes: z.record(z.string(), nodeSchema).default({}),
  transfers: z.record(z.string(), transferSchema).default({}),
  /** "address:chainId" → hashes on the first history page at the last poll */
  addresses: z.record(z.string(), z.array(z.string())).default({}),
  /** the vault's keepers' checks (keepers-poll.ts) */
  // made afresh: zod 4 hands a default's nested objects to every parse that takes it, so profiles would share them
  keepers: keepersSchema.default(() => ({ conditions: {}, slash: {} }))
})

const fileSchema = z.object({ version: z.literal(1), profiles: z.record(z.string(), profileStateSchema) })

export type ProfileWatchState = z.infer<typeof profileStateSchema>
export type NodeState = z.infer<typeof nodeSchema>
export type KeepersWatchState = z.infer<typeof keepersSchema>
export type KeeperCondition = z.infer<typeof keeperConditionSchema>
export type TransferWatchState = z.infer<typeof transferSchema>
export const newNodeState = (): NodeState => nodeSchema.parse({})
export const newTransferState = (): TransferWatchState => transferSchema.parse({})

type FileData = z.infer<typeof fileSchema>

export class WatchState {
  private writing: Promise<void> = Promise.resolve()
  /** Keyed by Map, never by a plain object: no profile id can reach Object.prototype ("constructor"). */
  private readonly profiles: Map<string, ProfileWatchState>
  /** the meaning last written (or read): a poll that changed nothing writes nothing */
  private savedText: string | null
  /** when the file was last written (or read): answer times are written on their own now and then */
  private savedAt = Date.now()

  private constructor(
    private readonly path: string | null,
    data: FileData,
    savedText: string | null
  ) {
    this.profiles = new Map(Object.entries(data.profiles))
    this.savedText = savedText
  }

  /** the text the file holds for this state */
  private text(): string {
    return JSON.stringify({ version: 1, profiles: Object.fromEntries(this.profiles) })
  }

  /** the state without what changes on every answer (latency, answer times): what decides a write */
  private meaning(): string {
    return JSON.stringify({ version: 1, profiles: Object.fromEntries(this.profiles) }, (key, value: unknown) => (NOT_COMPARED.has(key) ? undefined : value))
  }

  /** `dir` null keeps the state in memory only (the CLI). */
  static async open(dir: string | null): Promise<WatchState> {
    if (!dir) return new WatchState(null, { version: 1, profiles: {} }, null)
    const path = join(dir, 'state.json')
    const found = await readStateFile(path, fileSchema)
    if (!found) return new WatchState(path, { version: 1, profiles: {} }, null)
    const state = new WatchState(path, found.data, null)
    state.savedText = state.meaning()
    return state
  }

  profile(profileId: string): ProfileWatchState {
    return profilePart(this.profiles, profileId, () => profileStateSchema.parse({}))
  }

  wasAnnounced(profileId: string, id: string): boolean {
    return this.profile(profileId).announced.includes(id)
  }

  markAnnounced(profileId: string, id: string): void {
    const p = this.profile(profileId)
    p.announced.push(id)
    if (p.announced.length > MAX_ANNOUNCED) p.announced.splice(0, p.announced.length - MAX_ANNOUNCED)
  }

  /**
   * Writes when something changed since the last write (a large vault answer is megabytes; most polls
   * change nothing). Writes are queued so two polls never interleave their writes.
   */
  save(now = Date.now()): Promise<void> {
    const path = this.path
    if (!path) return this.writing
    const meaning = this.meaning()
    if (meaning === this.savedText && now - this.savedAt < TIMES_EVERY_MS) return this.writing
    this.savedText = meaning
    this.savedAt = now
    const text = this.text()
    this.writing = this.writing.then(() => writeFileAtomic(path, text)).catch(() => undefined)
    return this.writing
  }
}
