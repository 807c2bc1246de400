// A JSON writer that can emit numbers JSON.stringify cannot: amounts on the bridge wire are JSON numbers with
// exactly six fractional digits that routinely exceed 2^53 (e.g. 10000000000000000000001.000000). Such a
// number is carried as RawJson and written verbatim; everything else is written as JSON.stringify would.

import { randomBytes } from 'node:crypto'

/** The numbers of the writeJson call under way, each stood in for by a marker (see writeJson). */
let writing: { marker: string; texts: string[] } | null = null

export class RawJson {
  constructor(readonly text: string) {}

  /** Inside writeJson, a marker string its pass replaces with the number; elsewhere, the object it is. */
  toJSON(): string | { text: string } {
    if (writing === null) return { text: this.text }
    writing.texts.push(this.text)
    return `${writing.marker}${writing.texts.length - 1}`
  }
}

export type WireValue = null | boolean | number | string | RawJson | readonly WireValue[] | WireObject
export interface WireObject {
  readonly [key: string]: WireValue
}

/**
 * `value` as JSON text, each RawJson written verbatim. JSON.stringify writes the whole value (a page of 1,000
 * transfers is ~60,000 values: writing them one by one in JavaScript was a fifth of the demo network's CPU
 * and a third went to collecting the pieces), each RawJson standing in as a string made of a marker drawn
 * afresh for every call and its index; one pass then puts the numbers in place of those strings. A string of
 * the value's own can only be mistaken for one by holding the call's 64 random bits.
 */
export function writeJson(value: WireValue): string {
  if (writing !== null) throw new Error('writeJson is not reentrant')
  const texts: string[] = []
  const marker = `raw-${randomBytes(8).toString('hex')}-`
  writing = { marker, texts }
  let text: string
  try {
    text = JSON.stringify(value)
  } finally {
    writing = null
  }
  if (texts.length === 0) return text
  return text.replace(new RegExp(`"${marker}(\\d+)"`, 'g'), (_, i: string) => texts[Number(i)] as string)
}

const MICRO = 1_000_000n

/** An integer amount (token smallest units) as a wire number with six fractional digits. */
export function sixDigits(units: bigint): RawJson {
  return new RawJson(`${units}.000000`)
}

/** A value held in millionths as a wire number with six fractional digits. */
export function fromMicro(micro: bigint): RawJson {
  const neg = micro < 0n
  const abs = neg ? -micro : micro
  const frac = (abs % MICRO).toString().padStart(6, '0')
  return new RawJson(`${neg ? '-' : ''}${abs / MICRO}.${frac}`)
}

/** epoch seconds → `YYYY-MM-DD HH:MM:SS` in UTC, the service's date format */
export function wireDate(epochSeconds: number): string {
  return new Date(epochSeconds * 1000).toISOString().slice(0, 19).replace('T', ' ')
}
