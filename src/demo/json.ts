// A JSON writer that can emit numbers JSON.stringify cannot: amounts on the bridge wire are JSON numbers with
// exactly six fractional digits that routinely exceed 2^53 (e.g. 10000000000000000000001.000000). Such a
// number is carried as RawJson and written verbatim; everything else is written as JSON.stringify would.

export class RawJson {
  constructor(readonly text: string) {}
}

export type WireValue = null | boolean | number | string | RawJson | readonly WireValue[] | WireObject
export interface WireObject {
  readonly [key: string]: WireValue
}

export function writeJson(value: WireValue): string {
  if (value === null) return 'null'
  if (value instanceof RawJson) return value.text
  if (Array.isArray(value)) return '[' + value.map((v: WireValue) => writeJson(v)).join(',') + ']'
  switch (typeof value) {
    case 'string':
    case 'number':
    case 'boolean':
      return JSON.stringify(value)
    default: {
      const parts: string[] = []
      for (const [k, v] of Object.entries(value as WireObject))
        parts.push(JSON.stringify(k) + ':' + writeJson(v))
      return '{' + parts.join(',') + '}'
    }
  }
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
