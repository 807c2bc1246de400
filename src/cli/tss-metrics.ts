// Prometheus gauges of the TSS cross-chain watch, read at scrape time from the watcher core's own state (the
// board, see src/main/watch/tss-poll.ts), never kept as a second copy. They join the headless watcher's
// registry (metrics.ts).
import { Gauge, type Registry } from 'prom-client'
import type { TssBoard } from '@shared/schemas/tss-board'

export interface TssMetricsSource {
  /** the board now, or null before the first poll */
  board(): TssBoard | null
  /** false after a poll in which no chain answered */
  apiUp(): boolean | null
}

/** The one series that moves with the clock between polls: an order's age is read at scrape time. */
const OLDEST_PENDING = 'bridgescope_tss_oldest_pending_seconds'

/** Registers the TSS watch's gauges; returns the names of those that read the clock (ExpositionStamps.live). */
export function registerTssMetrics(registry: Registry, source: TssMetricsSource): readonly string[] {
  const registers = [registry]
  // Each gauge reads the board itself, so a scrape of one metric alone is as fresh as a full one.
  const chains = (): TssBoard['chains'] => source.board()?.chains ?? []
  const pending: Gauge<'chain'> = new Gauge({
    name: 'bridgescope_tss_pending_orders',
    help: "Orders on MAP's TSS pending list of each followed chain",
    labelNames: ['chain'],
    registers,
    collect: () => {
      pending.reset()
      for (const c of chains()) if (c.checkedAt !== null) pending.set({ chain: c.chainId }, c.pendingCount)
    }
  })
  const oldest: Gauge<'chain'> = new Gauge({
    name: OLDEST_PENDING,
    help: "Age of each chain's oldest pending order, from its source leg's time (else from when first seen); 0 with none",
    labelNames: ['chain'],
    registers,
    collect: () => {
      oldest.reset()
      for (const c of chains()) if (c.checkedAt !== null) oldest.set({ chain: c.chainId }, c.oldestPendingSec ?? 0)
    }
  })
  const height: Gauge<'chain'> = new Gauge({
    name: 'bridgescope_tss_scan_height',
    help: "Each followed chain's scan height as MAP's TSS API reports it",
    labelNames: ['chain'],
    registers,
    collect: () => {
      height.reset()
      for (const c of chains()) {
        const h = c.height === null ? NaN : Number(c.height)
        // a height beyond 2^53 cannot be a float sample exactly: left out rather than rounded
        if (Number.isSafeInteger(h)) height.set({ chain: c.chainId }, h)
      }
    }
  })
  const stalled: Gauge<'chain'> = new Gauge({
    name: 'bridgescope_tss_scan_stalled',
    help: '1 while a chain\'s scan height has not moved for the stall threshold, else 0',
    labelNames: ['chain'],
    registers,
    collect: () => {
      stalled.reset()
      for (const c of chains()) if (c.checkedAt !== null) stalled.set({ chain: c.chainId }, c.stalled ? 1 : 0)
    }
  })
  const up: Gauge = new Gauge({
    name: 'bridgescope_tss_api_up',
    help: "1 when the last poll of MAP's TSS API got an answer for some chain",
    registers,
    collect: () => {
      const ok = source.apiUp()
      if (ok !== null) up.set(ok ? 1 : 0)
    }
  })
  return [OLDEST_PENDING]
}
