// The sides decode_vs_native and butter_decode_vs_native_100 compare, each timed in a process of its own
// (bench/decode-child.ts). A run decodes a list of bodies one after another, as "load all" decodes its pages.
import { decodeButterHistoryBody } from '../../src/main/client/butter/decode'
import { decodeHistoryBody } from '../../src/main/client/mcs/decode'

const DETAIL_FIELDS = ['fromChainObject', 'toChainObject', 'tokenObject'] as const

/** The least any decoder must do: JSON.parse of each body, and of each record's detail strings. */
export function native(bodies: readonly string[]): number {
  let records = 0
  for (const body of bodies) {
    const parsed = JSON.parse(body) as { data: { list: Record<string, unknown>[] } }
    for (const r of parsed.data.list) {
      for (const f of DETAIL_FIELDS) {
        const text = r[f]
        if (typeof text === 'string') JSON.parse(text)
      }
    }
    records += parsed.data.list.length
  }
  return records
}

/** The path BridgeClient.queryHistory takes once each body's text has arrived. */
export function ours(bodies: readonly string[]): number {
  let records = 0
  for (const body of bodies) records += decodeHistoryBody(body, 'queryHistory', 200, 'application/json').list.length
  return records
}

/** Butter's history bodies: their records nest objects rather than JSON strings, so JSON.parse alone. */
export function butterNative(bodies: readonly string[]): number {
  let records = 0
  for (const body of bodies) records += (JSON.parse(body) as { data: { list: unknown[] } }).data.list.length
  return records
}

/** The path the Butter dialect's client takes once each history body's text has arrived. */
export function butterOurs(bodies: readonly string[]): number {
  let records = 0
  for (const body of bodies) records += decodeButterHistoryBody(body, 'queryBridgeHistoryByAddress').list.length
  return records
}

export const SIDES = { ours, native, butterOurs, butterNative } as const
export type Side = keyof typeof SIDES
