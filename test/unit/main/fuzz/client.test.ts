// Fuzzing the network-facing decoders beyond test/unit/main/client: detail strings, vault results, raw
// bytes through parseBody, and prototype-pollution payloads through every stage. Only AppError may escape.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { decodeChainList, decodeDetailString, decodeHistoryPage, decodeTokenList, decodeTransferDetail } from '../../../../src/main/client/mcs/decode'
import { unwrapEnvelope } from '../../../../src/main/client/envelope'
import { parseBody } from '../../../../src/main/client/lossless-json'
import { MAX_DEPTH, parseLossless } from '../../../../src/main/client/lossless-json'
import { chainsTable } from '../../../../src/cli/format'
import { terminalSafe } from '../../../../src/shared/terminal-text'
import { AppError } from '../../../../src/shared/errors'
import { vaultResultSchema } from '../../../../src/shared/schemas/decoded'
import { chainDetailSchema, tokenDetailSchema } from '../../../../src/shared/schemas/wire'
import { recogniseVaultRecords, type JsonValue } from '../../../../src/shared/schemas/vault'
import { arbitraryBytes, expectCleanPrototypes, expectNoPollution, historyBodyWithAmount, pollutingJson } from './hostile'

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

// Remote text and nesting, as classes rather than instances: any control character a service puts in a
// name never reaches the terminal, any number is either read exactly or refused with a reason that names
// the field or the limit, and any nesting depth is either parsed or refused naming the depth.
const CONTROL_CHARS = [
  ...Array.from({ length: 0x20 }, (_, c) => String.fromCharCode(c)),
  ...Array.from({ length: 0x21 }, (_, c) => String.fromCharCode(0x7f + c)),
  '\u202e', '\u2066', '\u001b]52;c;aGk=\u0007', '\u001b]0;title\u001b\\', '\u001b[2J', '\u009b31m', '\u009d0;t\u009c'
]
const hostileName = fc
  .array(fc.oneof(fc.constantFrom(...CONTROL_CHARS), fc.string({ maxLength: 4 })), { maxLength: 12 })
  .map((parts) => parts.join(''))
// eslint-disable-next-line no-control-regex -- finding control characters is the point of this check
const TERMINAL_UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/

describe('control characters in remote names', () => {
  it('any chain name survives decoding as data and prints without a control character', () => {
    fc.assert(
      fc.property(hostileName, hostileName, (chainName, chain) => {
        const record = {
          id: 1, chain, contract: '0x1', rpc: 'https://rpc.example', chainId: 1, gasLimit: '1', chainName,
          chainImg: '', scanUrl: 'https://scan.example', volume: null, tokenAddress: null, decimal: null, liquidity: null
        }
        const body = JSON.stringify({ code: 200, message: 'success', data: { list: [record] } })
        const chains = decodeChainList(unwrapEnvelope(parseLossless(body), 'queryChainList'))
        // the decoder keeps the value exactly; only the terminal layer takes the controls out
        expect(chains[0]?.chainName).toBe(chainName)
        const printed = terminalSafe(chainsTable(chains))
        expect(printed).not.toMatch(TERMINAL_UNSAFE)
        expect(printed).not.toContain('\u001b')
      }),
      { numRuns: 300 }
    )
  })
})

describe('numbers of any length', () => {
  const number = fc
    .tuple(fc.integer({ min: 1, max: 2_500 }), fc.integer({ min: 0, max: 12 }), fc.boolean(), fc.constantFrom('', 'e5', 'E-3', 'e400'))
    .map(([whole, fraction, quoted, exponent]) => {
      const text = `${'9'.repeat(whole)}${fraction > 0 ? `.${'1'.repeat(fraction)}` : ''}${exponent}`
      return { text, json: quoted ? JSON.stringify(text) : text, digits: whole + fraction }
    })

  it('an amount is kept exactly up to the cap and refused past it with a reason naming the field or the limit', () => {
    fc.assert(
      fc.property(number, ({ text, json, digits }) => {
        let decoded: string | undefined
        try {
          decoded = decodeHistoryPage(parseLossless(historyBodyWithAmount(json))).list[0]?.amount
        } catch (error) {
          expect(error).toBeInstanceOf(AppError)
          expect((error as AppError).message).toMatch(/field "amount"|at most \d+ (?:digits|are read)/)
          return
        }
        // accepted: the wire text is kept whole and it is within the cap
        expect(decoded).toBe(text)
        expect(digits).toBeLessThanOrEqual(100)
      }),
      { numRuns: 200 }
    )
  })
})

describe('nesting of any depth', () => {
  it('any depth parses up to the limit and is a protocol error naming the limit past it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: MAX_DEPTH * 20 }), fc.constantFrom('[', '{"a":'), (depth, open) => {
        const close = open === '[' ? ']' : '}'
        const text = `${open.repeat(depth)}1${close.repeat(depth)}`
        try {
          parseLossless(text)
          expect(depth).toBeLessThanOrEqual(MAX_DEPTH)
        } catch (error) {
          expect(error).toBeInstanceOf(AppError)
          expect((error as AppError).message).toContain(`deeper than ${MAX_DEPTH} levels`)
          expect(depth).toBeGreaterThan(MAX_DEPTH)
        }
      }),
      { numRuns: 200 }
    )
  })
})
