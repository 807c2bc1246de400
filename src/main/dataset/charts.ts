// Volume charts, computed in main from the histories at hand: daily volume stacked by token (every day of the
// range, those without transfers at zero), volume by destination chain and by token, all in stable value. Exact sums are kept as scaled bigints and turned into
// numbers only for drawing.
import type { VolumeCharts } from '@shared/contract'
import { toScaledUnits } from '@shared/decimal'
import { lacksField, type Transfer } from '@shared/transfer'

const SCALE = 1_000_000n
const MAX_SERIES = 8

function scaled(text: string): bigint {
  try {
    return toScaledUnits(text, 6)
  } catch {
    return 0n
  }
}

function toNumber(v: bigint): number {
  return Number(v / SCALE) + Number(v % SCALE) / 1e6
}

function add(map: Map<string, bigint>, key: string, v: bigint): void {
  map.set(key, (map.get(key) ?? 0n) + v)
}

function top(map: Map<string, bigint>): { labels: string[]; values: number[] } {
  const entries = [...map.entries()].sort((a, b) => (b[1] > a[1] ? 1 : b[1] < a[1] ? -1 : a[0].localeCompare(b[0])))
  return { labels: entries.map((e) => e[0]), values: entries.map((e) => toNumber(e[1])) }
}

const DAY_MS = 86_400_000
/** More bars than this would be thinner than a pixel: past it, only the days with transfers are drawn. */
const MAX_DAYS = 20_000

/**
 * Every UTC day from `from` to `to`, both included: a day without transfers is a bar of zero, so two bars side
 * by side are two days side by side. `withData` (sorted) stands in when the span cannot be made.
 */
function daySpan(from: string, to: string, withData: readonly string[]): string[] {
  const start = Date.parse(`${from}T00:00:00Z`)
  const end = Date.parse(`${to}T00:00:00Z`)
  if (!Number.isFinite(start) || !Number.isFinite(end) || end < start || (end - start) / DAY_MS >= MAX_DAYS) return [...withData]
  const out: string[] = []
  for (let t = start; t <= end; t += DAY_MS) out.push(new Date(t).toISOString().slice(0, 10))
  return out
}

export function volumeCharts(histories: readonly Iterable<Transfer>[], range: { from?: string; to?: string } = {}): VolumeCharts {
  const seen = new Set<string>()
  const byDay = new Map<string, Map<string, bigint>>()
  const byDest = new Map<string, bigint>()
  const byToken = new Map<string, bigint>()
  let stableSymbol: string | null = null
  let transfers = 0
  let valueNotProvided = 0
  for (const rows of histories) {
    for (const t of rows) {
      const id = `${t.id}:${t.hash}`
      if (seen.has(id)) continue
      // the model's times are ISO 8601 in UTC: the first ten characters are the UTC day
      const day = t.times.sent?.slice(0, 10) ?? ''
      if ((range.from && day < range.from.slice(0, 10)) || (range.to && day > range.to.slice(0, 10))) continue
      if (!t.stable) {
        // a service without values (Butter, Bridge Scan) is counted, so the view says why nothing is drawn
        if (lacksField(t, 'stable')) {
          seen.add(id)
          valueNotProvided++
        }
        continue
      }
      seen.add(id)
      transfers++
      stableSymbol ??= t.stable.symbol
      const v = scaled(t.stable.value)
      const token = t.sent.token?.symbol ?? t.sent.token?.address?.slice(0, 10) ?? '?'
      let d = byDay.get(day)
      if (!d) byDay.set(day, (d = new Map()))
      add(d, token, v)
      const dest = t.legs.destination
      add(byDest, dest.chainName ?? `chain ${dest.chainId ?? '?'}`, v)
      add(byToken, token, v)
    }
  }
  const tokenOrder = top(byToken).labels
  const named = tokenOrder.slice(0, MAX_SERIES)
  const hasOther = tokenOrder.length > MAX_SERIES
  const days = [...byDay.keys()].sort()
  const labels = days.length === 0 ? [] : daySpan(range.from?.slice(0, 10) ?? days[0]!, range.to?.slice(0, 10) ?? days[days.length - 1]!, days)
  const series = named.map((name) => ({ name, values: labels.map((day) => toNumber(byDay.get(day)?.get(name) ?? 0n)) }))
  if (hasOther) {
    series.push({
      name: 'Other',
      values: labels.map((day) => {
        let sum = 0n
        for (const [token, v] of byDay.get(day) ?? []) if (!named.includes(token)) sum += v
        return toNumber(sum)
      })
    })
  }
  return { daily: { labels, series }, byDestination: top(byDest), byToken: top(byToken), transfers, stableSymbol, valueNotProvided }
}
