// The two sides decode_vs_native compares, each timed in a process of its own (bench/decode-child.ts).
import { decodeHistoryBody } from '../../src/main/client/fast-history'

const DETAIL_FIELDS = ['fromChainObject', 'toChainObject', 'tokenObject'] as const

/** The least any decoder must do: JSON.parse of the body, and of each record's detail strings. */
export function native(body: string): number {
  const parsed = JSON.parse(body) as { data: { list: Record<string, unknown>[] } }
  for (const r of parsed.data.list) {
    for (const f of DETAIL_FIELDS) {
      const text = r[f]
      if (typeof text === 'string') JSON.parse(text)
    }
  }
  return parsed.data.list.length
}

/** The path BridgeClient.queryHistory takes once the body text has arrived. */
export function ours(body: string): number {
  return decodeHistoryBody(body, 'queryHistory', 200, 'application/json').list.length
}

export const SIDES = { ours, native } as const
export type Side = keyof typeof SIDES
