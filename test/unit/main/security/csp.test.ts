// The CSP exists twice: as the header (src/main/security.ts, sent by app:// and the harness) and as the meta
// tag in index.html (which holds wherever the page is loaded from). They must say the same thing.
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { CONTENT_SECURITY_POLICY, HEADER_ONLY_DIRECTIVES } from '../../../../src/main/security'

function directives(policy: string): Map<string, string[]> {
  const out = new Map<string, string[]>()
  for (const part of policy.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/)
    if (name) out.set(name.toLowerCase(), values.sort())
  }
  return out
}

function metaPolicy(html: string): string {
  const m = /<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]*)"/i.exec(html)
  if (!m?.[1]) throw new Error('no CSP meta tag')
  return m[1]
}

const header = directives(CONTENT_SECURITY_POLICY)
const meta = directives(metaPolicy(readFileSync(resolve('src/renderer/index.html'), 'utf8')))

describe('Content-Security-Policy', () => {
  it('meta tag and header agree, except directives a meta tag cannot carry', () => {
    const headerForMeta = new Map([...header].filter(([name]) => !HEADER_ONLY_DIRECTIVES.has(name)))
    expect(Object.fromEntries(meta)).toEqual(Object.fromEntries(headerForMeta))
    expect([...meta.keys()].filter((k) => HEADER_ONLY_DIRECTIVES.has(k))).toEqual([])
  })

  it('is strict: self by default, no eval, no inline script, no plugins, images only from self (main fetches remote icons)', () => {
    expect(header.get('default-src')).toEqual(["'self'"])
    expect(header.get('script-src')).toEqual(["'self'"])
    expect(header.get('img-src')).toEqual(["'self'"])
    expect(header.get('connect-src')).toEqual(["'self'"])
    expect(header.get('object-src')).toEqual(["'none'"])
    expect(header.get('base-uri')).toEqual(["'none'"])
    expect(header.get('frame-ancestors')).toEqual(["'none'"])
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe-eval|data:|blob:/)
    for (const [name, values] of header) expect(values, name).not.toContain('*')
    expect(header.get('script-src')).not.toContain("'unsafe-inline'")
    // Svelte's style: bindings go through the CSSOM (element.style), which CSP does not block.
    expect(header.get('style-src')).toEqual(["'self'"])
  })

  it('the built page keeps the meta tag (when a build exists)', () => {
    let built: string
    try {
      built = readFileSync(resolve('out/renderer/index.html'), 'utf8')
    } catch {
      return
    }
    expect(directives(metaPolicy(built))).toEqual(meta)
  })
})
