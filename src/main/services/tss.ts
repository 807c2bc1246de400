// The Cross-chain view's service: the board of the active profile's followed chains (read from the watcher
// core's own TSS state, after a poll through the core when it watches TSS, else one poll of our own that
// announces nothing), a traced order, and following a chain by id. Answers are cached per profile so the view
// paints at once from the last board, and offline shows it marked stale.
import type { Sourced } from '@shared/contract'
import { AppError } from '@shared/errors'
import { tssBoardSchema, tssTraceSchema, type TssBoard, type TssTraceResult } from '@shared/schemas/tss-board'
import type { TssOrder } from '@shared/schemas/tss'
import type { SettingsPatch } from '@shared/schemas/settings'
import type { DiskCache } from '../store'
import { pollTss, tssBoard, type TssApi, type TssFollowed, type TssProfileState, type TssWatchSettings } from '../watch'
import { sourced } from './sourced'

type Prefer = 'cache' | 'network'

/** The active profile's TSS set-up; null when the profile names no TSS API. */
export interface ActiveTss {
  profileId: string
  client: TssApi & { trace(text: string, call?: { signal?: AbortSignal }): Promise<{ order: TssOrder; via: 'order' | 'tx' } | null> }
  chains: () => Promise<TssFollowed[]>
  state: TssProfileState
  settings: () => TssWatchSettings
  saveState: () => Promise<void>
}

export interface TssServiceDeps {
  cache: DiskCache
  now: () => number
  active: () => Promise<ActiveTss | null>
  watch: { watchesTss(): boolean; recheckTss(): Promise<boolean> }
  addedChains: (profileId: string) => string[]
  updateSettings: (patch: SettingsPatch) => unknown
}

export const NO_TSS_MESSAGE = 'This profile has no TSS API URL: add one in Settings → Endpoint profiles.'

export class TssService {
  constructor(private readonly d: TssServiceDeps) {}

  private async need(): Promise<ActiveTss> {
    const a = await this.d.active()
    if (!a) throw new AppError({ kind: 'input', field: 'tssUrl', message: NO_TSS_MESSAGE })
    return a
  }

  async board(prefer: Prefer): Promise<Sourced<TssBoard>> {
    const a = await this.need()
    return sourced(this.d.cache, this.d.now, {
      profileId: a.profileId,
      key: 'tss:board',
      schema: tssBoardSchema,
      // older than two polls: the watch is not keeping it fresh
      maxAgeMs: a.settings().intervalSec * 2000,
      prefer,
      fetch: async () => {
        let ok: boolean
        if (this.d.watch.watchesTss()) ok = await this.d.watch.recheckTss()
        else {
          ok = await pollTss({ client: a.client, chains: await a.chains(), state: a.state, announce: null, now: this.d.now, settings: a.settings() })
          await a.saveState()
        }
        const board = tssBoard(a.state, await a.chains(), a.settings(), this.d.now())
        if (!ok) {
          const reason = board.chains.find((c) => c.error)?.error ?? 'no chain answered'
          throw new AppError({ kind: 'network', operation: 'getChainTxHeight', message: `the TSS API did not answer: ${reason}` })
        }
        return board
      }
    })
  }

  async trace(query: string, prefer: Prefer): Promise<Sourced<TssTraceResult>> {
    const a = await this.need()
    const q = query.trim()
    const key = /^0x/i.test(q) ? q.toLowerCase() : q
    return sourced(this.d.cache, this.d.now, {
      profileId: a.profileId,
      key: `tss:trace:${key}`,
      schema: tssTraceSchema,
      maxAgeMs: 30_000,
      prefer,
      fetch: async () => {
        const found = await a.client.trace(q)
        if (!found) {
          throw new AppError({ kind: 'api', code: 404, operation: 'getRecordByTxHash', message: "MAP's TSS API knows no order with this id and no leg with this hash." })
        }
        return found
      }
    })
  }

  /** Adds a chain to (or removes one from) the active profile's followed chains; returns the added ones. */
  async follow(chainId: string, follow: boolean): Promise<string[]> {
    const a = await this.need()
    const now = this.d.addedChains(a.profileId)
    const next = follow ? [...new Set([...now, chainId])] : now.filter((c) => c !== chainId)
    this.d.updateSettings({ tss: { chains: { [a.profileId]: next.length ? next : null } } })
    return next
  }
}
