// The one date format: ISO order, 24-hour clock, UTC named. The service's timestamps are UTC without a
// zone ("YYYY-MM-DD HH:MM:SS"); a time shown or exported without its zone is read as local time by people
// and spreadsheets alike, so every time we write says UTC.
import { wireTime } from '../transfer-time'

const pad = (n: number): string => String(n).padStart(2, '0')

/** "2026-11-27" (UTC) for epoch ms; '' for an invalid time. */
export function dateText(ms: number): string {
  if (!Number.isFinite(ms)) return ''
  const d = new Date(ms)
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`
}

/** "2026-11-27 02:37:05 UTC" for epoch ms; '—' for an invalid time. */
export function dateTimeText(ms: number | null): string {
  if (ms === null || !Number.isFinite(ms)) return '—'
  const d = new Date(ms)
  return `${dateText(ms)} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())} UTC`
}

/** A wire timestamp with its zone: "2026-11-27 02:37:05 UTC"; text that does not read as one is kept as sent. */
export function wireDateTimeText(text: string): string {
  const ms = wireTime(text)
  return Number.isNaN(ms) ? text : dateTimeText(ms)
}

/** Unix seconds (the TSS API's clock) in the same format; '—' when unknown. */
export function unixDateTimeText(seconds: number | null): string {
  return seconds === null ? '—' : dateTimeText(seconds * 1000)
}

/** A date typed as YYYY-MM-DD that names a real day; the picker fields accept nothing else. */
export function isDateText(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text)
  if (!m) return false
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))
  return dateText(ms) === text
}
