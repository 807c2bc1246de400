// The Charts view's range buttons as the {from, to} days charts:volume filters on (UTC, inclusive).
export const RANGES = [
  { id: '7d', label: '7 days', days: 7 },
  { id: '30d', label: '30 days', days: 30 },
  { id: '90d', label: '90 days', days: 90 },
  { id: 'all', label: 'All', days: null }
] as const
export type RangeId = (typeof RANGES)[number]['id']

function day(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10)
}

export function rangeInput(id: RangeId, now = Date.now()): { from?: string; to?: string } {
  const r = RANGES.find((x) => x.id === id)
  if (!r || r.days === null) return {}
  // "7 days" is today and the six days before it.
  return { from: day(now - (r.days - 1) * 86_400_000), to: day(now) }
}

/** Compact axis labels: 1.2k, 3.4M. */
export function compactNumber(v: number): string {
  const a = Math.abs(v)
  if (a >= 1e9) return `${(v / 1e9).toFixed(1)}B`
  if (a >= 1e6) return `${(v / 1e6).toFixed(1)}M`
  if (a >= 1e3) return `${(v / 1e3).toFixed(1)}k`
  return String(Math.round(v * 100) / 100)
}
