// The one way a duration is written: "42 s", "16 min 24 s", "9 h 05 min", "2 d 3 h". Two units at most,
// the second zero-padded where it has two digits, so columns of durations line up and compare by eye.
// Each step drops the smaller unit, never rounds up into the larger one: a duration never reads longer
// than it was, and a longer duration never reads shorter than a shorter one (monotone).

const UNKNOWN = '—'

/** A duration in seconds for people; '—' when it is unknown (null, NaN, infinite). */
export function durationText(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds)) return UNKNOWN
  const s = Math.max(0, Math.round(seconds))
  if (s < 60) return `${s} s`
  if (s < 3600) return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`
  if (s < 86_400)
    return `${Math.floor(s / 3600)} h ${String(Math.floor((s % 3600) / 60)).padStart(2, '0')} min`
  return `${Math.floor(s / 86_400)} d ${Math.floor((s % 86_400) / 3600)} h`
}

/** The same, from milliseconds; negative spans (clocks out of order) are unknown rather than 0. */
export function durationMsText(ms: number | null): string {
  return ms === null || !Number.isFinite(ms) || ms < 0 ? UNKNOWN : durationText(ms / 1000)
}

const UNIT_SECONDS: Readonly<Record<string, number>> = { s: 1, min: 60, h: 3600, d: 86_400 }

/** Reads a text durationText wrote back into seconds (its resolution); null for anything else. */
export function parseDuration(text: string): number | null {
  const parts = text.trim().split(' ')
  if (parts.length !== 2 && parts.length !== 4) return null
  let total = 0
  for (let i = 0; i < parts.length; i += 2) {
    const n = parts[i] ?? ''
    const unit = UNIT_SECONDS[parts[i + 1] ?? '']
    if (!/^\d+$/.test(n) || unit === undefined) return null
    total += Number(n) * unit
  }
  return total
}
