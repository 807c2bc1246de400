// May this URL be a link a person clicks, and what host does it show? The one rule for every link the app
// draws to somewhere else (explorer links, a chain card's URLs) and for what main opens in the system browser.
//
// A link opens in the user's browser, with the user's cookies and sessions, so a person must be able to judge
// it before clicking:
//   - http(s) only (no javascript:, data:, file:), and no user name or password in it;
//   - the host it shows is the host it opens: the URL as the WHATWG parser reads it, as the browser will
//     (so `https://evil.example\@good.example/` shows evil.example, which is where it goes), with a
//     non-ASCII host in its punycode form (xn--…), so a look-alike of a known name does not pass for it;
//   - a URL the service named (a chain's scanUrl or rpc) may not lead into the user's network or this
//     computer: a private, loopback or link-local address, or a name only a local network resolves
//     (localhost, *.local, *.internal, *.home.arpa, *.lan, a name without a dot). The renderer asks no DNS,
//     so only what the URL itself says counts; the address policy (src/main/net/address-policy.ts) holds the
//     requests main makes to the addresses actually resolved. A URL the user typed is the user's choice.
import { classifyV4, classifyV6, isLocalhostName, type AddressClass } from './address-space'

/** Who wrote the URL down: the user (a profile, Settings, a flag) or the service that answers. */
export type LinkAuthor = 'user' | 'service'

export interface LinkVerdict {
  /** the URL to open (as parsed), or null: not a link */
  href: string | null
  /** where it leads, as a person should read it: host and port, punycode for non-ASCII; null without a URL */
  host: string | null
  /** why it is no link, for a title beside the text; null when it is one, or when there was nothing */
  refused: string | null
}

/** The longest URL the system browser is handed (Electron's openExternal guard says the same). */
export const MAX_LINK_LENGTH = 2048

const NOTHING: LinkVerdict = { href: null, host: null, refused: null }

// names only a local network resolves (RFC 6762 .local, RFC 8375 .home.arpa, ICANN's .internal, and the
// customary .lan, .intranet, .corp of routers and company networks)
const LOCAL_SUFFIXES = ['.local', '.internal', '.home.arpa', '.lan', '.intranet', '.corp']

/** What a parsed URL's host is when it is not the internet's: an address's space, or a local name. */
function localHost(hostname: string): AddressClass | null {
  const host = hostname.replace(/\.$/, '').toLowerCase()
  const v6 = /^\[(.*)\]$/.exec(host)
  // the parser writes every IPv4 form (decimal, octal, hex, short) as four decimal parts
  const c = v6 ? classifyV6(v6[1] ?? '') : /^\d+\.\d+\.\d+\.\d+$/.test(host) ? classifyV4(host) : null
  if (c) return c.space === 'public' ? null : c
  if (isLocalhostName(host)) return { space: 'local', what: 'this computer' }
  if (!host.includes('.') || LOCAL_SUFFIXES.some((s) => host.endsWith(s))) return { space: 'private', what: 'a local network name' }
  return null
}

/**
 * Whether `url`, written by `author`, may be a link; the host to show beside it; or why it is not one. A URL
 * the service named on an origin in `typedOrigins` (the origins of the URLs the user typed: the profile's
 * service, its nodes) leads nowhere the user did not already point the app at, and counts as the user's.
 */
export function judgeLink(url: string | null | undefined, author: LinkAuthor, typedOrigins: readonly string[] = []): LinkVerdict {
  if (url === null || url === undefined || url.trim() === '') return NOTHING
  let u: URL
  try {
    u = new URL(url.trim())
  } catch {
    return { ...NOTHING, refused: 'not a link: not a URL' }
  }
  const host = u.host === '' ? null : u.host
  if (u.protocol !== 'https:' && u.protocol !== 'http:') return { href: null, host, refused: `not an http(s) link (${u.protocol.slice(0, 20)})` }
  if (u.username !== '' || u.password !== '') return { href: null, host, refused: 'not a link: it carries a user name or password' }
  if (u.href.length > MAX_LINK_LENGTH) return { href: null, host, refused: `not a link: longer than ${MAX_LINK_LENGTH} characters` }
  if (author === 'service' && !typedOrigins.includes(u.origin)) {
    const local = localHost(u.hostname)
    if (local) return { href: null, host, refused: `not a link: the service named ${host ?? ''}, ${local.what}; only a URL you typed may lead there` }
  }
  return { href: u.href, host, refused: null }
}

/** The origins of `urls` (those that parse), for judgeLink's `typedOrigins`. */
export function originsOf(urls: readonly (string | null | undefined)[]): string[] {
  const out = new Set<string>()
  for (const text of urls) {
    if (!text) continue
    try {
      out.add(new URL(text.trim()).origin)
    } catch {
      // not a URL: no origin to add
    }
  }
  return [...out]
}

/**
 * An explorer deep link from a chain's scanUrl: {scanUrl}/tx/{hash}, /address/{address} or /block/{n}; the
 * scanUrl as it is when it is no http(s) URL (judgeLink then says why it is no link), null without one.
 */
export function explorerUrl(scanUrl: string | null | undefined, kind: 'tx' | 'address' | 'block', value: string | number): string | null {
  if (!scanUrl || scanUrl.trim() === '') return null
  try {
    const base = new URL(scanUrl.trim())
    if (base.protocol !== 'https:' && base.protocol !== 'http:') return scanUrl
    return `${base.href.replace(/\/+$/, '')}/${kind}/${encodeURIComponent(String(value))}`
  } catch {
    return scanUrl
  }
}
