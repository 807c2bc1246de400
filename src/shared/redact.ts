// The one redaction rule for URLs shown or logged outside Settings (12.8): the activity log, watch status,
// desktop notifications, error messages that quote a URL, CLI stderr. A URL keeps its scheme, host, port and
// path; its userinfo (user:pass@), query string (API keys ride there: ?apikey=…) and fragment are replaced by
// "…" so the reader still sees that something was there. Works on free text: every http(s) URL in it is
// redacted, everything else is kept as it was.

// An http(s) URL runs until whitespace, a quote, a bracket or an angle bracket (JSON strings, messages).
const URL_IN_TEXT = /\bhttps?:\/\/[^\s"'<>()[\]{}`\\]+/gi

function redactOne(raw: string): string {
  let u: URL
  try {
    u = new URL(raw)
  } catch {
    // Not parseable: keep only what precedes any userinfo/query marker, so nothing secret survives.
    return raw.replace(/\/\/[^/]*@/, '//…@').replace(/[?#].*$/, '?…')
  }
  const hadUser = u.username !== '' || u.password !== ''
  const hadQuery = u.search !== '' || raw.includes('?')
  const hadHash = u.hash !== ''
  const path = u.pathname === '/' && !raw.replace(/^[a-z]+:\/\/[^/?#]*/i, '').startsWith('/') ? '' : u.pathname
  return `${u.protocol}//${hadUser ? '…@' : ''}${u.host}${path}${hadQuery ? '?…' : ''}${hadHash ? '#…' : ''}`
}

/** `text` with every http(s) URL in it stripped of userinfo, query string and fragment. */
export function redactUrls(text: string): string {
  // Sentence punctuation after a URL ("…/rpc?key=k, then") stays outside it.
  return text.replace(URL_IN_TEXT, (match) => {
    const tail = /[.,;:!]+$/.exec(match)?.[0] ?? ''
    return redactOne(match.slice(0, match.length - tail.length)) + tail
  })
}

/** Does this URL carry user:password@? Such URLs are refused in profiles, CLI flags and env vars. */
export function hasCredentials(url: string): boolean {
  try {
    const u = new URL(url.trim())
    return u.username !== '' || u.password !== ''
  } catch {
    return false
  }
}

export const CREDENTIALS_REFUSED =
  'a URL without user:password@ — credentials in URLs are not sent by the app and would be logged; use a URL the service accepts without them'

/** A copy of `value` with redactUrls applied to every string in it (events and statuses leaving the watcher). */
export function redactDeep<T>(value: T): T {
  if (typeof value === 'string') return redactUrls(value) as T
  if (Array.isArray(value)) return value.map((v: unknown) => redactDeep(v)) as T
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, redactDeep(v as unknown)])) as T
  }
  return value
}
