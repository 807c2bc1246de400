// Secrets stay secret — properties of the one redaction (src/shared/redact.ts). The sinks (activity
// log, watch status, notifications, the CLI's stderr) and the refusals are in test/unit/main/security/secrets.test.ts.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { redactDeep, redactText, redactUrl, webhookUrlHint } from '../../../src/shared/redact'

const SECRET = 'S3cr3tK3y'

describe('redactText', () => {
  it('property: no query value or password survives, and text without URLs is untouched', () => {
    const token = fc.stringMatching(/^[A-Za-z0-9]{12,24}$/)
    fc.assert(
      fc.property(token, token, fc.constantFrom('https', 'http'), fc.domain(), (pw, key, scheme, host) => {
        const text = `error at ${scheme}://user:${pw}@${host}/path?api_key=${key} now`
        const out = redactText(text)
        expect(out).not.toContain(pw)
        expect(out).not.toContain(key)
        expect(out).toContain(host)
        expect(redactText(JSON.stringify({ text }))).not.toContain(key)
      })
    )
    fc.assert(
      fc.property(fc.string().filter((s) => !/https?:\/\//i.test(s)), (s) => {
        expect(redactText(s)).toBe(s)
      })
    )
  })

  it('redactDeep reaches every string of an event and leaves other values alone', () => {
    const e = { url: `https://x.example/?k=${SECRET}`, nodes: [`http://127.0.0.1:1/?k=${SECRET}`], failures: 3, error: { message: `GET https://x.example/?k=${SECRET}` }, none: null }
    const out = redactDeep(e)
    expect(JSON.stringify(out)).not.toContain(SECRET)
    expect(out.failures).toBe(3)
    expect(out.none).toBeNull()
  })
})


describe('webhook URLs carry their secret in the path', () => {
  const TOKEN = 'Xy12ab34CD56ef78GH90ij'
  it('Slack and Discord paths are hidden whole; key-like path segments of any URL are hidden', () => {
    expect(redactUrl(`https://hooks.slack.com/services/T0123ABC/B0456DEF/${TOKEN}`)).toBe('https://hooks.slack.com/…')
    expect(redactUrl(`https://discord.com/api/webhooks/123456789012345678/${TOKEN}`)).toBe('https://discord.com/…')
    expect(redactUrl(`https://discordapp.com/api/webhooks/1/${TOKEN}?wait=true`)).toBe('https://discordapp.com/…?…')
    expect(redactUrl('https://mainnet.infura.io/v3/9aa3d95b3bc440fa88ea12eaa4456161')).toBe('https://mainnet.infura.io/v3/…')
    expect(redactUrl(`https://eth.example/v2/${TOKEN}/rpc`)).toBe('https://eth.example/v2/…/rpc')
    // names stay readable
    expect(redactUrl('http://127.0.0.1:8545/api/queryHistory')).toBe('http://127.0.0.1:8545/api/queryHistory')
    expect(redactText(`POST https://hooks.slack.com/services/T1/B2/${TOKEN} failed`)).toBe('POST https://hooks.slack.com/… failed')
  })

  it('property: a token-like path segment never survives redactText', () => {
    const token = fc.stringMatching(/^[A-Za-z]{8,16}[0-9]{8,16}$/)
    fc.assert(
      fc.property(token, fc.domain(), fc.constantFrom('hooks', 'api/webhooks/42', 'services/T1/B2'), (key, host, prefix) => {
        const out = redactText(`sent to https://${host}/${prefix}/${key} at noon`)
        expect(out).not.toContain(key)
        expect(out).toContain(host)
      })
    )
  })

  it('a saved webhook URL is shown as scheme and host only, whatever its path', () => {
    expect(webhookUrlHint(`https://hooks.example:8443/any/${TOKEN}?sig=1`)).toBe('https://hooks.example:8443/…')
    expect(webhookUrlHint('not a url')).toBe('(not a URL)')
  })
})

describe('keys in the path of a node URL', () => {
  it('property: a path segment of 20+ letters and digits (hex, all digits, all letters) that is not words never survives', () => {
    // words in lower camel case read as a route name and stay (what must not change, below)
    const notWords = (k: string): boolean => !/^[a-z]{2,}(?:[A-Z][a-z]+)+$/.test(k)
    const key = fc.oneof(fc.stringMatching(/^[0-9a-f]{20,40}$/), fc.stringMatching(/^[0-9]{20,40}$/), fc.stringMatching(/^[A-Za-z]{20,40}$/), fc.stringMatching(/^[A-Za-z0-9]{20,40}$/)).filter(notWords)
    fc.assert(
      fc.property(key, fc.domain(), fc.constantFrom('v3', 'v2', 'rpc', 'eth/mainnet'), fc.constantFrom('', '/', '/rpc'), (k, host, prefix, tail) => {
        const url = `https://${host}/${prefix}/${k}${tail}`
        expect(redactUrl(url)).not.toContain(k)
        expect(redactUrl(url)).toBe(`https://${host}/${prefix}/…${tail}`)
        expect(redactText(`the RPC ${url} did not answer`)).not.toContain(k)
      })
    )
  })

  it("what must not change: route names (Butter's are long, in lower camel case) and chain ids stay readable", () => {
    expect(redactUrl('https://bs-app-api.chainservice.io/api/queryBridgeInfoBySourceHash?hash=0x12')).toBe('https://bs-app-api.chainservice.io/api/queryBridgeInfoBySourceHash?…')
    expect(redactUrl('https://bs-app-api.chainservice.io/api/queryBridgeHistoryByAddress')).toBe('https://bs-app-api.chainservice.io/api/queryBridgeHistoryByAddress')
    expect(redactUrl('https://rpc.example/v1/eth/mainnet/queryHistory')).toBe('https://rpc.example/v1/eth/mainnet/queryHistory')
    expect(redactUrl('https://rpc.example/chain/22776/rpc')).toBe('https://rpc.example/chain/22776/rpc')
  })
})
