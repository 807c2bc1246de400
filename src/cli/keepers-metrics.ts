// Prometheus gauges of the keepers' checks, read at scrape time from the keepers poller's last round (never a
// second copy). The maintainers' series are registered only with --maintainers-check, the solvency's only with
// --solvency-check. Label values pass the one redaction (redactText) and are cut to what a label needs: the
// chain names come from the maintainers' own nodes.
import { Gauge, type Registry } from 'prom-client'
import { redactText } from '@shared/redact'
import type { KeepersStanding } from '../main/watch'

export interface KeepersMetricsSource {
  maintainers: boolean
  solvency: boolean
  /** the last round that read the relay chain, null before one did */
  last(): KeepersStanding | null
  /** whether the last round read the relay chain; null before any */
  up(): boolean | null
}

/** A remote word as a label value: redacted, printable, at most 64 characters. */
function labelText(text: string): string {
  // eslint-disable-next-line no-control-regex
  return redactText(text).replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 64) || 'unnamed'
}

/** A whole number of units as a sample, or NaN beyond 2^53 (left out rather than rounded). */
function sample(units: string): number {
  const n = Number(units)
  return Number.isSafeInteger(n) ? n : NaN
}

type Rows<L extends string> = () => Iterable<[Record<L, string>, number]>

/**
 * A gauge whose series are made from `rows` at scrape time. With `round`, the series change only when a round
 * does: a scrape that finds the same round as the last one keeps the series it made then. Prometheus scrapes
 * four times a minute while a watch reads its keepers once, and making ~200 labelled series again (every chain
 * name redacted again) was a scrape's main cost.
 */
function gauge<L extends string>(
  registers: Registry[],
  name: string,
  help: string,
  labels: readonly L[],
  rows: Rows<L>,
  round?: () => unknown
): void {
  let made: { round: unknown } | null = null
  const g: Gauge<L> = new Gauge({
    name,
    help,
    labelNames: labels,
    registers,
    collect: () => {
      const now = round?.()
      if (round && made !== null && made.round === now) return
      g.reset()
      for (const [l, v] of rows()) if (Number.isFinite(v)) g.set(l as Partial<Record<L, string>>, v)
      made = { round: now }
    }
  })
}

const VERDICTS = ['ok', 'short', 'cannot-judge-yet', 'cannot-check-here'] as const

export function registerKeepersMetrics(registry: Registry, source: KeepersMetricsSource): void {
  const registers = [registry]
  const up: Gauge = new Gauge({
    name: 'bridgescope_keepers_up',
    help: "1 when the last round of the keepers' checks read the relay chain's contracts",
    registers,
    collect: () => {
      const ok = source.up()
      if (ok !== null) up.set(ok ? 1 : 0)
    }
  })
  gauge(registers, 'bridgescope_keepers_last_round_timestamp_seconds', "When the last round of the keepers' checks that read the relay chain ended (unix seconds)", [], function* () {
    const last = source.last()
    if (last) yield [{}, last.at / 1000]
  })
  const maintainers = () => source.last()?.round.keepers?.maintainers ?? []
  if (source.maintainers) {
    // When, not how long ago: an age changes at every scrape and had to be made and formatted again four times a
    // minute; Prometheus takes the age at evaluation as time() minus this (its instrumentation practice,
    // "timestamps, not time since"; the shipped rule does), exact where an age was a scrape old.
    gauge(registers, 'bridgescope_keeper_last_heartbeat_timestamp_seconds', "When each maintainer last sent a heartbeat on the Maintainers contract (unix seconds; absent: never)", ['maintainer'], function* () {
      for (const m of maintainers()) if (m.lastHeartbeatTime !== null) yield [{ maintainer: m.address }, m.lastHeartbeatTime]
    }, source.last)
    gauge(registers, 'bridgescope_keeper_node_up', "1 when the maintainer's compass-tss health server answered at the last round (its status paths)", ['maintainer'], function* () {
      for (const m of maintainers()) if (m.node !== null) yield [{ maintainer: m.address }, m.node.reachable ? 1 : 0]
    }, source.last)
    gauge(registers, 'bridgescope_keeper_scanner_lag_blocks', "Blocks each maintainer's node scans behind each chain, as its /status/scanner says", ['maintainer', 'chain'], function* () {
      for (const m of maintainers())
        if (m.node?.reachable) for (const s of m.node.scanners) if (s.lag !== null) yield [{ maintainer: m.address, chain: labelText(s.chain) }, s.lag]
    }, source.last)
    gauge(registers, 'bridgescope_keeper_peers', "Peers each maintainer's node counts (/status/p2p peer_count)", ['maintainer'], function* () {
      for (const m of maintainers()) if (m.node?.reachable && m.node.peerCount !== null) yield [{ maintainer: m.address }, m.node.peerCount]
    }, source.last)
    gauge(registers, 'bridgescope_keeper_slash_points', "Each maintainer's slash points in the current epoch (TSSManager.batchGetSlashPoint)", ['maintainer'], function* () {
      for (const m of maintainers()) if (m.slashPoints !== null) yield [{ maintainer: m.address }, sample(m.slashPoints)]
    }, source.last)
  }
  if (source.solvency) {
    const tokens = function* () {
      for (const v of source.last()?.round.solvency?.vaults ?? [])
        for (const c of v.chains) for (const t of c.tokens) yield { labels: { vault: v.pubkey.slice(0, 18), chain: c.chainId, token: labelText(t.token) }, t }
    }
    gauge(registers, 'bridgescope_vault_solvency_gap_pct', "Per vault, chain and token: on chain minus booked, as a per cent of booked (negative: the vault holds less than it owes)", ['vault', 'chain', 'token'], function* () {
      for (const { labels, t } of tokens()) if (t.gapPct !== null) yield [labels, Number(t.gapPct)]
    }, source.last)
    gauge(registers, 'bridgescope_vault_solvency_verdict', 'Per vault, chain and token: 1 for the verdict of the last round (ok, short, cannot-judge-yet, cannot-check-here), 0 for the others', ['vault', 'chain', 'token', 'verdict'], function* () {
      for (const { labels, t } of tokens()) for (const v of VERDICTS) yield [{ ...labels, verdict: v }, t.verdict.kind === v ? 1 : 0]
    }, source.last)
  }
}
