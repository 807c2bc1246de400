// The one rule for links to elsewhere (@shared/link): http(s) only, no credentials, no private host unless the
// user typed it, and the host shown is the host the browser opens — as the WHATWG parser reads the URL, in
// ASCII (punycode) — however the service spelled it.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { explorerUrl, judgeLink, originsOf } from '../../../src/shared/link'

const label = fc.stringMatching(/^[a-z][a-z0-9-]{0,12}[a-z0-9]$/)
const publicHost = fc.tuple(label, fc.constantFrom('com', 'io', 'org', 'example')).map(([a, b]) => `${a}.${b}`)
const path = fc.array(fc.stringMatching(/^[A-Za-z0-9._~-]{1,10}$/), { maxLength: 4 }).map((p) => `/${p.join('/')}`)
const scheme = fc.constantFrom('http', 'https')
const publicUrl = fc.tuple(scheme, publicHost, fc.option(fc.integer({ min: 1, max: 65535 }), { nil: undefined }), path).map(([s, h, port, p]) => `${s}://${h}${port ? `:${port}` : ''}${p}`)

// every spelling of an address inside the user's network or this computer
const PRIVATE_HOSTS = [
  '127.0.0.1', '127.1', '2130706433', '0x7f000001', '0177.0.0.1', 'localhost', 'app.localhost', '[::1]', '[::ffff:127.0.0.1]', '[::ffff:7f00:1]',
  '10.0.0.5', '172.16.3.4', '192.168.1.1', '100.64.0.1', '169.254.169.254', '[fe80::1]', '[fd00::1]', '0.0.0.0', 'router', 'nas.local', 'db.internal', 'printer.home.arpa', 'host.lan'
]

describe('judgeLink', () => {
  it('links a public http(s) URL from anyone, as parsed, showing its host', () => {
    fc.assert(
      fc.property(publicUrl, fc.constantFrom('user' as const, 'service' as const), (url, author) => {
        const v = judgeLink(url, author)
        expect(v).toEqual({ href: new URL(url).href, host: new URL(url).host, refused: null })
      })
    )
  })

  it('shows, for any text that becomes a link, exactly the host it opens, in ASCII', () => {
    fc.assert(
      fc.property(fc.oneof(publicUrl, fc.string(), fc.tuple(publicUrl, fc.string(), publicUrl).map(([a, b, c]) => `${a}${b}${c}`), fc.webUrl({ withQueryParameters: true, withFragments: true })), (text) => {
        const v = judgeLink(text, 'service')
        if (v.href === null) return
        const u = new URL(v.href)
        expect(v.host).toBe(u.host)
        expect(v.host).toMatch(/^[\x21-\x7e]+$/)
        expect(u.protocol === 'http:' || u.protocol === 'https:').toBe(true)
        expect(u.username + u.password).toBe('')
      })
    )
  })

  it('never links another scheme or a URL with credentials, whoever wrote it, and says why', () => {
    fc.assert(
      fc.property(publicUrl, fc.constantFrom('javascript:alert(1)//', 'data:text/html,x', 'file:///etc/passwd', 'vbscript:x', 'ftp://files.example/'), fc.constantFrom('user' as const, 'service' as const), (url, other, author) => {
        const creds = url.replace('://', '://user:pw@')
        expect(judgeLink(creds, author)).toMatchObject({ href: null, refused: 'not a link: it carries a user name or password' })
        expect(judgeLink(other, author)).toMatchObject({ href: null, refused: expect.stringContaining('not an http(s) link') })
      })
    )
  })

  it('a private or loopback host is a link only where the user typed it', () => {
    for (const host of PRIVATE_HOSTS) {
      const url = `http://${host}:8080/tx/0x1`
      const service = judgeLink(url, 'service')
      expect(service.href, url).toBeNull()
      expect(service.refused, url).toMatch(/^not a link: the service named .+; only a URL you typed may lead there$/)
      expect(judgeLink(url, 'user').href, url).toBe(new URL(url).href)
    }
  })

  it("a service's URL on an origin the user pointed the profile at counts as the user's", () => {
    const typed = originsOf(['http://127.0.0.1:4000/api', 'not a url', null, 'http://10.0.0.2:8545/'])
    expect(typed).toEqual(['http://127.0.0.1:4000', 'http://10.0.0.2:8545'])
    expect(judgeLink('http://127.0.0.1:4000/chain/56', 'service', typed).href).toBe('http://127.0.0.1:4000/chain/56')
    expect(judgeLink('http://10.0.0.2:8545/', 'service', typed).href).toBe('http://10.0.0.2:8545/')
    // another port of the same computer is somewhere else
    expect(judgeLink('http://127.0.0.1:4001/', 'service', typed).href).toBeNull()
  })

  it('shows the host a disguised URL really opens', () => {
    expect(judgeLink('https://evil.example\\@good.example/', 'service')).toEqual({ href: 'https://evil.example/@good.example/', host: 'evil.example', refused: null })
    expect(judgeLink('https://good.example@evil.example/', 'service').href).toBeNull()
    // Cyrillic "а" in a look-alike of apple.com: shown as punycode, not as the name it imitates
    const lookalike = judgeLink('https://\u0430pple.com/', 'service')
    expect(lookalike.host).toBe('xn--pple-43d.com')
    expect(judgeLink('https://EXAMPLE.com:443/x', 'service').host).toBe('example.com')
    expect(judgeLink('', 'service')).toEqual({ href: null, host: null, refused: null })
    expect(judgeLink(`https://a.example/${'x'.repeat(2048)}`, 'user').refused).toMatch(/longer than 2048/)
  })
})

describe('explorerUrl', () => {
  it('appends the kind and the value to the scanUrl, and never moves the host', () => {
    fc.assert(
      fc.property(publicUrl, fc.constantFrom('tx' as const, 'address' as const, 'block' as const), fc.string(), (scan, kind, value) => {
        const url = explorerUrl(scan, kind, value)
        expect(url).not.toBeNull()
        expect(new URL(url!).host).toBe(new URL(scan).host)
        expect(url!.endsWith(`/${kind}/${encodeURIComponent(value)}`)).toBe(true)
      })
    )
    expect(explorerUrl('javascript:x//', 'tx', '0x1')).toBe('javascript:x//')
    expect(explorerUrl('', 'tx', '0x1')).toBeNull()
  })
})

describe('the renderer', () => {
  it('every link to elsewhere in the renderer passes judgeLink', () => {
    const files: string[] = []
    const walk = (dir: string): void => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name)
        if (statSync(path).isDirectory()) walk(path)
        else if (path.endsWith('.svelte')) files.push(path)
      }
    }
    walk('src/renderer/src')
    for (const file of files) {
      const text = readFileSync(file, 'utf8')
      for (const anchor of text.match(/<a\s[^>]*target="_blank"[^>]*>/g) ?? []) {
        if (file.endsWith('ExternalLink.svelte')) continue
        // a hand-written external anchor takes its href and host from a judgeLink verdict
        expect(anchor, file).toMatch(/href=\{(\w+)\.href\}[\s\S]*data-link-host=/)
        expect(text, file).toMatch(/serviceLink\(|judgeLink\(/)
      }
    }
  })
})
