// A body's bytes to text: exactly what a fatal UTF-8 TextDecoder answers, text or refusal, for any bytes.
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { utf8Text } from '../../../../src/main/client/http'

const strict = (bytes: Uint8Array): string | null => {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return null
  }
}

describe('a body read as UTF-8 text', () => {
  it('reads any bytes as a fatal TextDecoder does: the same text, or refused', () => {
    // Text with a BOM or not, and bytes that are not UTF-8: lone continuation bytes, overlong forms,
    // surrogates written as UTF-8, a sequence cut short at the end.
    const odd = fc.constantFrom([0xef, 0xbb, 0xbf], [0x80], [0xc0, 0xaf], [0xed, 0xa0, 0x80], [0xf4, 0x90, 0x80, 0x80], [0xe2, 0x82], [0xff])
    const bytes = fc.oneof(
      fc.tuple(fc.boolean(), fc.string({ unit: 'grapheme', maxLength: 40 })).map(([bom, s]) => Buffer.from((bom ? '\ufeff' : '') + s, 'utf8')),
      fc.tuple(fc.string({ maxLength: 20 }), odd, fc.string({ maxLength: 20 })).map(([a, o, b]) => Buffer.concat([Buffer.from(a), Buffer.from(o), Buffer.from(b)])),
      fc.uint8Array({ maxLength: 64 }).map((u) => Buffer.from(u))
    )
    fc.assert(
      fc.property(bytes, (b) => {
        expect(utf8Text(b)).toBe(strict(b))
      }),
      { numRuns: 2000 }
    )
  })

  it('drops one leading BOM and keeps a second', () => {
    expect(utf8Text(Buffer.from('\ufeff\ufeff{"a":1}', 'utf8'))).toBe('\ufeff{"a":1}')
  })
})
