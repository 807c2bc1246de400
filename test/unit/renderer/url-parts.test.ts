// A URL wraps only between its parts: joined they are the URL exactly, and the host with its port is one part.
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { urlParts } from '../../../src/renderer/src/lib/url-parts'

describe('urlParts', () => {
  it('splits after the scheme and before each path segment, never inside the host and port', () => {
    expect(urlParts('http://127.0.0.1:59998/chain/56?x=1')).toEqual(['http://', '127.0.0.1:59998', '/chain', '/56', '?x=1'])
    expect(urlParts('https://rpc.example.org')).toEqual(['https://', 'rpc.example.org'])
    expect(urlParts('127.0.0.1:9')).toEqual(['127.0.0.1:9'])
  })

  it('loses nothing and keeps every host:port whole, whatever the URL', () => {
    const host = fc.oneof(fc.ipV4(), fc.domain())
    const path = fc.array(fc.webSegment(), { maxLength: 4 }).map((s) => s.map((p) => `/${p}`).join(''))
    fc.assert(
      fc.property(fc.constantFrom('http://', 'https://', ''), host, fc.integer({ min: 1, max: 65535 }), path, (scheme, h, port, p) => {
        const url = `${scheme}${h}:${port}${p}`
        const parts = urlParts(url)
        expect(parts.join('')).toBe(url)
        expect(parts).toContain(`${h}:${port}`)
      })
    )
    // any text at all is kept whole when joined
    fc.assert(fc.property(fc.string(), (s) => urlParts(s).join('') === s))
  })
})
