// Display helpers shared by the views. Amounts go through the exact bigint formatting in @shared/decimal;
// states, types, durations, stable values and dates are written by @shared/format, as in the CLI and exports.
export { formatAmount, formatDecimal } from '@shared/decimal'
import { ICON_PATH } from '@shared/icons'

export function shortHash(value: string, head = 6, tail = 4): string {
  return value.length > head + tail + 3 ? `${value.slice(0, head + 2)}…${value.slice(-tail)}` : value
}

export function timeAgo(ms: number, now = Date.now()): string {
  const s = Math.max(0, Math.round((now - ms) / 1000))
  if (s < 60) return `${s} s ago`
  const m = Math.round(s / 60)
  if (m < 60) return `${m} min ago`
  const h = Math.round(m / 60)
  if (h < 48) return `${h} h ago`
  return `${Math.round(h / 24)} days ago`
}

export { wireTime } from '@shared/transfer-time'

/**
 * The one icon-URL rule for the renderer: a remote icon is never requested by the page. Its URL goes
 * to the app's own origin (ICON_PATH?src=…, src/shared/icons.ts), where main fetches it (https or
 * the demo simulator's own origin only, size- and time-capped, images only) and serves it from the offline
 * cache; the CSP's img-src is 'self'. Anything else gets the generated fallback.
 */
export function iconUrl(url: string | null | undefined): string | null {
  if (!url) return null
  try {
    const u = new URL(url)
    // A cheap first filter (https, or http on 127.0.0.1 where the demo simulator lives) spares main requests
    // it would refuse; main's isIconSourceAllowed is the real rule.
    if (u.protocol !== 'https:' && !(u.protocol === 'http:' && u.hostname === '127.0.0.1')) return null
    return `${ICON_PATH}?src=${encodeURIComponent(u.href)}`
  } catch {
    return null
  }
}
