// Fuzzing the network-facing decoders beyond test/unit/main/client: detail strings, vault results, raw
// bytes through parseBody, and prototype-pollution payloads through every stage. Only AppError may escape.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { decodeChainList, decodeDetailString, decodeHistoryPage, decodeTokenList, decodeTransferDetail, unwrapEnvelope } from '../../../../src/main/client/decode'
import { parseBody } from '../../../../src/main/client/http'
import { parseLossless } from '../../../../src/main/client/lossless-json'
import { recogniseVaultRecords } from '../../../../src/main/client/rpc'
import { AppError } from '../../../../src/shared/errors'
import { vaultResultSchema } from '../../../../src/shared/schemas/decoded'
import { chainDetailSchema, tokenDetailSchema } from '../../../../src/shared/schemas/wire'
import type { JsonValue } from '../../../../src/shared/schemas/vault'
import { arbitraryBytes, expectCleanPrototypes, expectNoPollution, pollutingJson } from './hostile'

function typedOnly(run: () => unknown): unknown {
  try {
    return run()
  } catch (error) {
    expect(error).toBeInstanceOf(AppError)
    return undefined
  }
}

describe('parseBody on arbitrary bytes', () => {
  it('gives JSON or a protocol AppError naming the operation and status, never a parser stack', () => {
    fc.assert(
      fc.property(arbitraryBytes, fc.constantFrom(200, 500, 502), fc.constantFrom(null, 'application/json', 'text/html'), (bytes, status, type) => {
        for (const text of [Buffer.from(bytes).toString('utf8'), Buffer.from(bytes).toString('latin1')]) {
          try {
            expectCleanPrototypes(parseBody(text, 'queryHistory', status, type))
          } catch (error) {
            expect(error).toBeInstanceOf(AppError)
            expect((error as AppError).kind).toBe('protocol')
            expect((error as AppError).operation).toBe('queryHistory')
            expect((error as AppError).message).not.toMatch(/\n\s+at /)
          }
        }
        expectNoPollution()
      }),
      { numRuns: 300 }
    )
  })
})

describe('detail strings', () => {
  it('any string or value becomes a detail or an issue, never an exception', () => {
    const raw = fc.oneof(fc.string(), fc.json(), pollutingJson, fc.anything())
    fc.assert(
      fc.property(raw, fc.boolean(), (value, optional) => {
        const results = [
          decodeDetailString('fromChainObject', value, chainDetailSchema, optional),
          decodeDetailString('tokenObject', value, tokenDetailSchema, optional)
        ]
        for (const r of results) {
          expect(r.value === null || r.issue === null).toBe(true)
          if (r.issue) expect(r.issue.raw === null || r.issue.raw.length <= 201).toBe(true)
          expectCleanPrototypes(r.value)
        }
        expectNoPollution()
      }),
      { numRuns: 300 }
    )
  })
})

describe('pollution payloads through the whole response path', () => {
  it('every decoder refuses or sanitises them', () => {
    fc.assert(
      fc.property(pollutingJson, (text) => {
        for (const decode of [decodeHistoryPage, decodeTransferDetail, decodeTokenList, decodeChainList]) {
          const out = typedOnly(() => decode(unwrapEnvelope(parseLossless(text), 'op')))
          expectCleanPrototypes(out)
        }
        expectNoPollution()
      }),
      { numRuns: 200 }
    )
  })
})

describe('vault results', () => {
  it('any JSON-RPC result is kept whole and recognised or not, never thrown on, and always cacheable', () => {
    const result = fc.oneof(
      fc.jsonValue(),
      fc.record({ epoch: fc.jsonValue(), public_key: fc.jsonValue(), addresses: fc.jsonValue() }, { requiredKeys: [] }),
      fc.array(fc.record({ epoch: fc.nat(), public_key: fc.string() }), { maxLength: 3 }),
      pollutingJson.map((t) => JSON.parse(t) as unknown)
    )
    fc.assert(
      fc.property(result, (raw) => {
        const records = recogniseVaultRecords(raw as JsonValue)
        expect(records === null || Array.isArray(records)).toBe(true)
        const checked = vaultResultSchema.safeParse({ query: 'latest', raw, records })
        expect(checked.success).toBe(true)
        expectCleanPrototypes(records)
        expectNoPollution()
      }),
      { numRuns: 300 }
    )
  })
})
