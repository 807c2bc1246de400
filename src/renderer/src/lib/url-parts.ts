// Where a URL may wrap: after its scheme and before each path segment, never inside its host and port, so a
// narrow column never shows "127.0.0.1:5" over "9998" (which reads as another port).

/** The URL in the pieces it may wrap between; joined, they are the URL exactly. */
export function urlParts(url: string): string[] {
  const m = /^([a-z][a-z0-9+.-]*:\/\/)?([^/?#]*)(.*)$/is.exec(url)
  if (!m) return [url]
  const [, scheme = '', authority = '', rest = ''] = m
  const path = rest === '' ? [] : rest.split(/(?=[/?#])/)
  return [scheme, authority, ...path].filter((p) => p !== '')
}
