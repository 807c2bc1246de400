// 12.8: secrets stay secret — properties of the one redaction (src/shared/redact.ts). The sinks (activity
// log, watch status, notifications, the CLI's stderr) and the refusals are in test/unit/main/security/secrets.test.ts.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { redactDeep, redactText } from '../../../src/shared/redact'

const SECRET = 'S3cr3tK3y'

describe('12.8 redactText', () => {
  it('12.8 property: no query value or password survives, and text without URLs is untouched', () => {
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

  it('12.8 redactDeep reaches every string of an event and leaves other values alone', () => {
    const e = { url: `https://x.example/?k=${SECRET}`, nodes: [`http://127.0.0.1:1/?k=${SECRET}`], failures: 3, error: { message: `GET https://x.example/?k=${SECRET}` }, none: null }
    const out = redactDeep(e)
    expect(JSON.stringify(out)).not.toContain(SECRET)
    expect(out.failures).toBe(3)
    expect(out.none).toBeNull()
  })
})

