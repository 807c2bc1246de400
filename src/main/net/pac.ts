// The session's proxy answer for a URL (session.resolveProxy), read as the list of roads it names, in the
// order Chromium would try them. The answer is written as a PAC script's result: "DIRECT", "PROXY host:port",
// "HTTPS host:port", "SOCKS host:port", "SOCKS5 host:port", "QUIC host:port", separated by ";"
// (https://developer.mozilla.org/en-US/docs/Web/HTTP/Proxy_servers_and_tunneling/Proxy_Auto-Configuration_PAC_file#return_value_format).

/** One road of a proxy answer. `other` is any entry the app does not take itself (SOCKS, QUIC, or unreadable). */
export type ProxyEntry = { kind: 'direct' } | { kind: 'proxy'; proxy: URL } | { kind: 'other'; entry: string }

function proxyUrl(scheme: 'http' | 'https', hostPort: string): URL | null {
  try {
    const url = new URL(`${scheme}://${hostPort}`)
    return url.hostname !== '' && url.pathname === '/' && url.search === '' && url.username === '' ? url : null
  } catch {
    return null
  }
}

/** The entries of a proxy answer, in order; an empty answer is one DIRECT entry, as Chromium reads it. */
export function proxyEntries(pac: string): ProxyEntry[] {
  const out: ProxyEntry[] = []
  for (const raw of pac.split(';')) {
    const entry = raw.trim()
    if (entry === '') continue
    const [scheme = '', ...rest] = entry.split(/\s+/)
    const kind = scheme.toUpperCase()
    const proxy = rest.length === 1 && (kind === 'PROXY' || kind === 'HTTPS') ? proxyUrl(kind === 'HTTPS' ? 'https' : 'http', rest[0] ?? '') : null
    if (kind === 'DIRECT' && rest.length === 0) out.push({ kind: 'direct' })
    else if (proxy) out.push({ kind: 'proxy', proxy })
    else out.push({ kind: 'other', entry })
  }
  return out.length === 0 ? [{ kind: 'direct' }] : out
}
