// The one redaction against every shape a key takes (Telegram's bot<id>:<secret>, base64 with + and =, letters
// joined by - and _, keys of 8–15 characters, keys as a host's label) wherever it sits: a URL's path, query,
// fragment or host, a URL followed by ), ] or , in prose, a host name a DNS error quotes. And what must not
// change: route names, chain ids and host names of words stay readable.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { redactText, redactUrl } from '../../../src/shared/redact'

const chars = (alphabet: string, min: number, max: number) => fc.string({ unit: fc.constantFrom(...alphabet), minLength: min, maxLength: max })
const LOWER = 'abcdefghijklmnopqrstuvwxyz'
const UPPER = LOWER.toUpperCase()
const DIGITS = '0123456789'

/** Keys by shape, each with what makes it one guaranteed (both cases, a digit, a + or =). */
const keys = fc.oneof(
  // Telegram: bot<id>:<35 characters>
  fc.tuple(chars(DIGITS, 8, 10), chars(LOWER + UPPER + DIGITS + '_-', 35, 35)).map(([id, secret]) => `bot${id}:AA${secret}`),
  // base64 with + and =
  fc.tuple(chars(LOWER + UPPER + DIGITS, 10, 40), fc.constantFrom('+', '=', '=='), chars(LOWER + DIGITS, 2, 6)).map(([a, mark, b]) => `${a}x${mark}${b}`),
  // letters in both cases joined by - and _, no digit (a capital inside a run, as random letters have)
  fc.tuple(chars(LOWER + UPPER, 8, 20), chars(LOWER + UPPER, 8, 20)).map(([a, b]) => `Q${a}wE-${b}_Zk`),
  // short keys, 8–15 characters mixing both cases and digits
  chars(LOWER + UPPER + DIGITS, 5, 12).map((k) => `aZ7${k}`),
  // 32 hex, Infura's
  chars('0123456789abcdef', 32, 32)
)

const hosts = fc.constantFrom('rpc.example', 'mainnet.infura.io', 'bsc-dataseed.binance.org', '127.0.0.1:8545')

/** A URL with the key where a service may put one. */
const placed = fc.tuple(keys, hosts, fc.nat(5)).map(([key, host, where]) => {
  const k = encodeURIComponent(key)
  const urls = [
    `https://${host}/v3/${k}`,
    `https://${host}/rpc?apikey=${k}`,
    `https://${host}/rpc#${k}`,
    `https://${host}/${k}/rpc`,
    `https://${host}/hook/${k}`,
    // a host name is lower case: a key there is letters and digits, 16 or more
    `https://k9${key.toLowerCase().replace(/[^a-z0-9]/g, '')}`.padEnd(24, '7') + `.${/^\d/.test(host) ? 'rpc.example' : host}/`
  ]
  return { key, url: urls[where]!, where }
})

describe('one redaction, every key shape', () => {
  it('property: no key survives in a URL, in prose after a bracket or comma, or in a DNS error', () => {
    fc.assert(
      fc.property(placed, ({ key, url, where }) => {
        const secret = where === 5 ? new URL(url).hostname.split('.')[0]! : key
        for (const text of [url, `RPC (${url}) did not answer`, `[${url}]`, `asked ${url}, then gave up`, `{"url":"${url}"}`]) {
          const out = redactText(text)
          expect(out).not.toContain(secret)
          expect(out).not.toContain(encodeURIComponent(secret))
        }
        if (where === 5) expect(redactText(`getaddrinfo ENOTFOUND ${new URL(url).hostname}`)).not.toContain(secret)
        expect(redactUrl(url)).not.toContain(encodeURIComponent(secret))
      }),
      { numRuns: 1000 }
    )
  })

  it('property: the punctuation after a URL stays, and a URL of words is left as it is', () => {
    const word = chars(LOWER, 2, 10)
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 4 }), hosts, fc.constantFrom(')', ']', ',', '.', ''), (words, host, tail) => {
        const url = `https://${host}/${words.join('/')}`
        expect(redactText(`see ${url}${tail} now`)).toBe(`see ${url}${tail} now`)
      })
    )
  })

  it("what must not change: route names, chain ids, hosts of words, DNS errors about them", () => {
    for (const url of ['https://bs-app-api.chainservice.io/api/queryBridgeHistoryByAddress', 'https://rpc.example/chain/22776/rpc', 'https://rpc.maplabs.io/', 'https://api.telegram.org/sendMessage'])
      expect(redactUrl(url)).toBe(url)
    expect(redactText('getaddrinfo ENOTFOUND rpc.maplabs.io')).toBe('getaddrinfo ENOTFOUND rpc.maplabs.io')
    expect(redactUrl('https://api.telegram.org/bot123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw/sendMessage')).toBe('https://api.telegram.org/…/sendMessage')
  })
})
