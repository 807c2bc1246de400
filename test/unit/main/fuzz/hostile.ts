// Arbitraries for hostile input and the checks every fuzz run ends with: Object.prototype untouched, and no
// decoded value with a prototype other than Object's, Array's or none.
import fc from 'fast-check'
import { expect } from 'vitest'

const PROTO_KEYS = Object.getOwnPropertyNames(Object.prototype).sort()

/** JSON text carrying prototype-pollution keys at the top or nested inside random JSON. */
export const pollutingJson: fc.Arbitrary<string> = fc
  .tuple(
    fc.constantFrom('__proto__', '\\u005f_proto__', 'constructor', 'prototype'),
    fc.json({ maxDepth: 2 }),
    fc.constantFrom('top', 'nested', 'envelope')
  )
  .map(([key, other, where]) => {
    const payload = `{"${key}":{"polluted":true,"prototype":{"polluted":true}},"other":${other}}`
    if (where === 'top') return payload
    if (where === 'nested') return `{"list":[${payload}],"total":1}`
    return `{"code":200,"message":"success","data":${payload}}`
  })

/** Bytes that may or may not be UTF-8 or JSON. */
export const arbitraryBytes: fc.Arbitrary<Uint8Array> = fc.oneof(
  fc.uint8Array({ maxLength: 400 }),
  fc.json().map((j) => new TextEncoder().encode(j)),
  fc.tuple(fc.json(), fc.uint8Array({ maxLength: 8 }), fc.nat()).map(([j, junk, at]) => {
    const bytes = new TextEncoder().encode(j)
    const i = at % (bytes.length + 1)
    return new Uint8Array([...bytes.subarray(0, i), ...junk, ...bytes.subarray(i)])
  })
)

export function expectNoPollution(): void {
  expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(PROTO_KEYS)
  expect(({} as Record<string, unknown>).polluted).toBeUndefined()
}

/** Every object in `value` is a plain object or array whose prototype is the built-in one. */
export function expectCleanPrototypes(value: unknown, depth = 0): void {
  if (typeof value !== 'object' || value === null || depth > 50) return
  const proto: unknown = Object.getPrototypeOf(value)
  expect(proto === Object.prototype || proto === Array.prototype || proto === null).toBe(true)
  for (const v of Object.values(value)) expectCleanPrototypes(v, depth + 1)
}

/** A history page body with one well-formed record whose `amount` is the given raw JSON text. */
export function historyBodyWithAmount(amount: string): string {
  const record = {
    id: 1, chain: 'eth', fromChainid: 1, toChainid: 56, contract: '0x1', from: '0x2', to: '0x3', tokenAddress: '0x4',
    amount: 'AMOUNT', inAmount: '1.000000', orderId: '0x5', hash: '0x6', height: 1, confirmHeight: 1,
    relayerSendHash: null, relayerSendHeight: null, relayerChainid: null, relayerHash: null, relayerHeight: null,
    relayerContract: null, relayerConfirmHeight: null, state: 1, type: 4, timestamp: '2026-01-01 00:00:00',
    createdAt: '2026-01-01 00:00:00', updatedAt: '2026-01-01 00:00:00', transferinHash: '0x7', transferinHeight: 1,
    transferinContract: '0x8', transferinSendHash: '0x9', transferinConfirmHeight: 1, transferinSendHeight: null,
    usdtValume: 1.5, fromChainObject: '{}', toChainObject: '{}', tokenObject: '{}'
  }
  return JSON.stringify({ list: [record], total: 1 }).replace('"AMOUNT"', amount)
}
