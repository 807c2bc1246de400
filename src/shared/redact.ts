// URLs leave Settings without their secrets. A node URL may carry an API key in its query string (and a
// URL with user:password@ is refused when it is entered, but an older file may still hold one); wherever a
// URL is logged or shown outside Settings — the activity log, watch status, notifications, error messages,
// the CLI's stderr — it passes here first.

const URL_IN_TEXT = /\bhttps?:\/\/[^\s"'<>`]+/gi

/** The URL without user name, password, query string or fragment; "?…" marks a query that was removed. */
export function redactUrl(url: string): string {
  let u: URL
  try {
    u = new URL(url)
  } catch {
    // not a URL we can parse: still never let "user:pass@" or a query through
    return url.replace(/\/\/[^/@\s]*@/, '//').replace(/[?#].*$/, (q) => (q.startsWith('?') ? '?…' : ''))
  }
  const hadQuery = u.search !== ''
  u.username = ''
  u.password = ''
  u.search = ''
  u.hash = ''
  return `${u.toString()}${hadQuery ? '?…' : ''}`
}

/** Every http(s) URL inside a text, redacted. */
export function redactText(text: string): string {
  return text.replace(URL_IN_TEXT, (m) => redactUrl(m))
}

/** A JSON-like value with every string's URLs redacted (an event, a status), the shape unchanged. */
export function redactDeep<T>(value: T): T {
  if (typeof value === 'string') return redactText(value) as T
  if (Array.isArray(value)) return value.map((v: unknown) => redactDeep(v)) as T
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {}
    for (const [k, v] of Object.entries(value)) Object.defineProperty(out, k, { value: redactDeep(v), enumerable: true, writable: true, configurable: true })
    return out as T
  }
  return value
}

/** Whether a URL names a user or password (refused where URLs are entered); text that is no URL has none. */
export function hasCredentials(url: URL | string): boolean {
  let u: URL
  try {
    u = typeof url === 'string' ? new URL(url) : url
  } catch {
    return false
  }
  return u.username !== '' || u.password !== ''
}

export const CREDENTIALS_MESSAGE =
  'a URL with a user name or password is not supported (they would be stored and shown in plain text); use the URL without them'
