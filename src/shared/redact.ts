// URLs leave Settings without their secrets. A node URL may carry an API key in its query string or path
// (Infura's /v3/<project id>, Alchemy's /v2/<key>), a webhook URL carries its token in the path (Slack's
// /services/T…/B…/<token>, Discord's /api/webhooks/<id>/<token>), and a URL with user:password@ is refused
// when it is entered but an older file may still hold one. Wherever a URL is logged or shown outside
// Settings — the activity log, watch status, notifications, error messages, the CLI's stderr — it passes
// here first.

const URL_IN_TEXT = /\bhttps?:\/\/[^\s"'<>`]+/gi
/** Punctuation that ends a sentence or closes a bracket after a URL in prose: not part of it. */
const TRAILING = /[)\],.;:!?]+$/
/** A host name in prose (a DNS error's "getaddrinfo ENOTFOUND <name>"): two labels or more, a letter TLD. */
const HOST_IN_TEXT = /\b(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,63}\b/g

// Services whose whole path is the secret: nothing of it is shown.
const PATH_IS_SECRET = /(^|\.)(slack\.com|discord\.com|discordapp\.com|webhook\.office\.com)$/i

/**
 * Words in lower camel case (`queryBridgeInfoBySourceHash`, Butter's routes): a name, never a key — a random
 * key of letters almost never falls into lower-case runs each opened by one capital.
 */
const ROUTE_NAME = /^[a-z]{2,}(?:[A-Z][a-z]+)+$/

/**
 * A path segment that reads as a key rather than a name: long, of key characters only, mixing letters and
 * digits. Route names (`/rpc`, `/api/queryHistory`) have no digits; project ids and tokens do. A key may
 * also happen to be all digits or all letters (a 32-hex Infura project id, a random Alchemy key): so any
 * unbroken run of 20 or more letters and digits counts too, unless it reads as words in lower camel case.
 */
function looksLikeKey(segment: string): boolean {
  // Telegram's bot<id>:<secret>, user:token pairs: a key if any part is one
  if (segment.includes(':')) return segment.split(':').some(looksLikeKey)
  if (/^[A-Za-z0-9]{20,}$/.test(segment) && !ROUTE_NAME.test(segment)) return true
  // key characters only, base64's + / = included
  if (!/^[A-Za-z0-9_.~%+=-]+$/.test(segment) || ROUTE_NAME.test(segment)) return false
  const digits = /\d/.test(segment)
  const lower = /[a-z]/.test(segment)
  const upper = /[A-Z]/.test(segment)
  if (segment.length >= 16 && digits && (lower || upper)) return true
  // base64 padding or plus signs among letters and digits
  if (segment.length >= 12 && /[+=]/.test(segment) && (lower || upper)) return true
  // letters in both cases joined by - or _, no digit (a random key of letters, not words)
  if (segment.length >= 16 && lower && upper && /[-_]/.test(segment) && !/^([A-Za-z][a-z]*[-_])*[A-Za-z][a-z]*$/.test(segment)) return true
  // short keys: both cases and digits together, which names of routes and hosts do not mix
  return segment.length >= 8 && digits && lower && upper
}

/** A host name with every label that reads as a key (a key-in-subdomain endpoint) as "…". */
function redactHost(host: string): string {
  return host
    .split('.')
    .map((label) => (looksLikeKey(label) ? '…' : label))
    .join('.')
}

/**
 * The URL without user name, password, query string, fragment or key-like path segments; "?…" marks a
 * query that was removed, "…" a path segment (or, for webhook services, the whole path).
 */
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
  if (PATH_IS_SECRET.test(u.hostname) && u.pathname !== '/') u.pathname = '/…'
  else u.pathname = u.pathname.split('/').map((s) => (looksLikeKey(s) ? '…' : s)).join('/')
  const text = u.toString().replace(/%E2%80%A6/g, '…')
  const host = u.hostname
  const hidden = redactHost(host)
  return `${hidden === host ? text : text.replace(`//${host}`, `//${hidden}`)}${hadQuery ? '?…' : ''}`
}

/**
 * How a webhook URL is shown once saved: scheme and host only. Its path and query are the secret, whoever
 * the receiver is, so no rule about which segments look like keys is trusted here.
 */
export function webhookUrlHint(url: string): string {
  try {
    const u = new URL(url)
    return `${u.protocol}//${u.host}/…`
  } catch {
    return '(not a URL)'
  }
}

/**
 * Every http(s) URL inside a text redacted (closing punctuation after it kept apart), and every key-like label
 * of a host name the text names without a URL (a DNS error's "getaddrinfo ENOTFOUND <key>.rpc.example").
 * The one redaction for everything that leaves: logs, errors, --json, metrics labels, webhook failures.
 */
export function redactText(text: string): string {
  return text
    .replace(URL_IN_TEXT, (m) => {
      const tail = TRAILING.exec(m)?.[0] ?? ''
      return redactUrl(m.slice(0, m.length - tail.length)) + tail
    })
    .replace(HOST_IN_TEXT, (host) => redactHost(host))
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
