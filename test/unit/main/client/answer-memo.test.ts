// A request's last answer kept with its decoding: whatever answers come in whatever order, what the memo hands
// back is what decoding that very answer makes; the same answer again is not decoded again; a decode that fails
// keeps nothing; and no caller can change a kept record in place.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { AnswerMemo } from '../../../../src/main/client/answer-memo'

const decode = (text: string): { text: string; parts: { n: number }[] } => {
  if (text === 'bad') throw new Error('not a record')
  return { text, parts: [...text].map((c) => ({ n: c.charCodeAt(0) })) }
}

describe('a request’s last answer kept with its decoding', () => {
  it('hands back what decoding that answer makes, decoding only an answer unlike the last one for its request', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom('a', 'b', 'c'), fc.constantFrom('x', 'xy', 'y', 'bad')), { maxLength: 60 }),
        fc.integer({ min: 1, max: 4 }),
        (asks, limit) => {
          const memo = new AnswerMemo<ReturnType<typeof decode>>(limit)
          const last = new Map<string, { text: string; value: unknown }>()
          for (const [key, text] of asks) {
            let decoded = 0
            const counting = (t: string): ReturnType<typeof decode> => (decoded++, decode(t))
            if (text === 'bad') {
              expect(() => memo.decoded(key, text, counting)).toThrow('not a record')
              continue
            }
            const value = memo.decoded(key, text, counting)
            expect(value).toEqual(decode(text))
            expect(Object.isFrozen(value) && Object.isFrozen(value.parts) && value.parts.every(Object.isFrozen)).toBe(true)
            const before = last.get(key)
            // the same answer as last time for this request: the same record, not decoded again (unless the
            // memo, past its limit, started again)
            if (decoded === 0) expect(before?.text).toBe(text)
            if (before?.text === text && decoded === 0) expect(value).toBe(before.value)
            last.set(key, { text, value })
          }
        }
      ),
      { numRuns: 300 }
    )
  })

  it('keeps a round’s worth: the same answers again cost no decoding at all', () => {
    const memo = new AnswerMemo<ReturnType<typeof decode>>()
    let decoded = 0
    const counting = (t: string): ReturnType<typeof decode> => (decoded++, decode(t))
    const keys = Array.from({ length: 50 }, (_, i) => `tx${i}`)
    const first = keys.map((k) => memo.decoded(k, `answer of ${k}`, counting))
    expect(decoded).toBe(50)
    const again = keys.map((k) => memo.decoded(k, `answer of ${k}`, counting))
    expect(decoded).toBe(50)
    again.forEach((v, i) => expect(v).toBe(first[i]))
    // one transfer moved: only its answer is decoded
    expect(memo.decoded('tx7', 'answer of tx7, delivered', counting).text).toBe('answer of tx7, delivered')
    expect(decoded).toBe(51)
  })

  it('a failed decode keeps nothing: the last good record is not handed back for a bad answer', () => {
    const memo = new AnswerMemo<ReturnType<typeof decode>>()
    memo.decoded('tx', 'x', decode)
    expect(() => memo.decoded('tx', 'bad', decode)).toThrow('not a record')
    expect(() => memo.decoded('tx', 'bad', decode)).toThrow('not a record')
    expect(memo.decoded('tx', 'x', decode).text).toBe('x')
  })
})
