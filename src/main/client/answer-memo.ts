// The last answer of a request asked again and again, kept with its decoding. A watch asks the same questions
// every round (each pending transfer's record, each contract's view), and until something moves the service
// answers the same text: parsing it losslessly and decoding it again made the same record from the same bytes,
// every round, for every transfer. A kept answer costs a string comparison instead. Decoded values are shared
// between callers, so they are frozen: nothing may change one in place.

/** How many different requests one memo keeps at most: a round's worth, well past what a watch list holds. */
export const ANSWER_MEMO_LIMIT = 256

/**
 * Sets `key` in a memo that holds at most `limit` entries: a new key past the limit starts it again, which is all
 * a round-to-round memo needs (what it holds is asked again next round). Returns `value`.
 */
export function remember<V>(memo: Map<string, V>, key: string, value: V, limit = ANSWER_MEMO_LIMIT): V {
  if (memo.size >= limit && !memo.has(key)) memo.clear()
  memo.set(key, value)
  return value
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value)
    for (const v of Object.values(value)) deepFreeze(v)
  }
  return value
}

export class AnswerMemo<T> {
  private readonly last = new Map<string, { text: string; value: T }>()

  constructor(private readonly limit = ANSWER_MEMO_LIMIT) {}

  /**
   * What `decode` makes of `text`, the request being `key`: the value kept from last time when `key` was answered
   * the very same text, else decoded now and kept. A decode that throws keeps nothing (the next answer is decoded
   * anew, and fails the same way if it is the same).
   */
  decoded(key: string, text: string, decode: (text: string) => T): T {
    const held = this.last.get(key)
    if (held !== undefined && held.text === text) return held.value
    return remember(this.last, key, { text, value: deepFreeze(decode(text)) }, this.limit).value
  }
}
