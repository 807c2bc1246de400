// The acceptor read off a zod schema may only ever say yes where zod passes the value and gives it back
// unchanged; everything else it must leave to zod.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { z } from 'zod'
import { parseLossless } from '../../../../src/main/client/lossless-json'
import { compileAcceptor, scalarFields } from '../../../../src/main/client/schema-accept'
import { startSimulator, type Simulator } from '../../../support/simulator'
import { transferRecordWireSchema, wireDecimal } from '../../../../src/shared/schemas/wire'
import { busiestHistoryText } from './helpers'

let sim: Simulator
let records: Record<string, unknown>[] = []

beforeAll(async () => {
  sim = await startSimulator({ seed: 5, transfers: 800, rotateEveryMs: null })
  // Amounts as their wire text, as the decoder hands records to the schema.
  records = (parseLossless(await busiestHistoryText(sim, 20)) as { data: { list: Record<string, unknown>[] } }).data.list
})
afterAll(async () => sim.close())

/** The property: a yes from the acceptor means zod passes the value and returns it as it was. */
function holds(schema: z.ZodType, accept: (v: unknown) => boolean, value: unknown): void {
  if (!accept(value)) return
  const result = schema.safeParse(value)
  expect(result.success, JSON.stringify(value)?.slice(0, 300)).toBe(true)
  expect(result.data).toStrictEqual(value)
}

const oddValue = fc.oneof(
  fc.jsonValue(),
  fc.constantFrom(null, '', '1.5', '-0', '1e5', '1'.repeat(120), 1.5, -0, 2 ** 53, -(2 ** 53) + 1, 1e300, [], {}, { a: 1 }, true)
)

describe('an acceptor compiled from a zod schema', () => {
  it('is built for the transfer record and the wire decimal, and passes real records', () => {
    const accept = compileAcceptor(transferRecordWireSchema)
    expect(accept).not.toBeNull()
    expect(compileAcceptor(wireDecimal)).not.toBeNull()
    expect(records.length).toBeGreaterThan(5)
    for (const r of records) {
      expect(accept!(r)).toBe(true)
      holds(transferRecordWireSchema, accept!, r)
    }
  })

  it('never says yes where zod refuses or changes a record: any field replaced, removed or added', () => {
    const accept = compileAcceptor(transferRecordWireSchema)!
    const keys = Object.keys(transferRecordWireSchema.shape)
    const edit = fc.record({
      pick: fc.nat(),
      field: fc.oneof(fc.constantFrom(...keys), fc.string(), fc.constantFrom('__proto__', 'constructor', 'toString', 'hasOwnProperty')),
      value: oddValue,
      remove: fc.boolean(),
      count: fc.integer({ min: 1, max: 3 })
    })
    fc.assert(
      fc.property(fc.array(edit, { minLength: 1, maxLength: 4 }), (edits) => {
        const base = records[edits[0]!.pick % records.length]!
        // JSON round trip: an own `__proto__` key is made the way JSON.parse makes it.
        const record = JSON.parse(JSON.stringify(base)) as Record<string, unknown>
        for (const e of edits) {
          if (e.remove) delete record[e.field]
          else Object.defineProperty(record, e.field, { value: e.value, enumerable: true, writable: true, configurable: true })
        }
        holds(transferRecordWireSchema, accept, record)
      }),
      { numRuns: 2000 }
    )
  })

  it('turns down what zod must judge: a missing field, a wrong type, an inherited or __proto__ member', () => {
    const accept = compileAcceptor(transferRecordWireSchema)!
    const r = records[0]!
    const without = { ...r }
    delete without.height
    expect(accept(without)).toBe(false)
    expect(transferRecordWireSchema.safeParse(without).success).toBe(false)
    expect(accept({ ...r, height: 1.5 })).toBe(false)
    expect(accept({ ...r, relayerHash: 7 })).toBe(false)
    expect(accept({ ...r, amount: '12abc' })).toBe(false)
    expect(accept({ ...r, amount: '9'.repeat(101) })).toBe(false)
    expect(accept(JSON.parse(`{"__proto__":{"x":1},${JSON.stringify(r).slice(1)}`))).toBe(false)
    expect(accept(Object.assign(Object.create({ height: 5 }) as object, without))).toBe(false)
    expect(accept(Object.assign(Object.create(null) as object, r))).toBe(false)
    expect(accept([r])).toBe(false)
    expect(accept(null)).toBe(false)
  })

  it('the wire decimal: yes exactly where zod passes, on decimal-looking and other texts', () => {
    const accept = compileAcceptor(wireDecimal)!
    const decimalish = fc.oneof(
      fc.stringMatching(/^-?\d{1,110}(\.\d{0,8})?([eE][+-]?\d{1,4})?$/),
      fc.string(),
      fc.constantFrom('1e101', '1e100', '0.000000', '-0', '1.', '.5', '1e', '٣', ' 1', '1 ')
    )
    fc.assert(
      fc.property(fc.oneof(decimalish, oddValue), (v) => {
        holds(wireDecimal, accept, v)
        if (typeof v === 'string') expect(accept(v)).toBe(wireDecimal.safeParse(v).success)
      }),
      { numRuns: 3000 }
    )
  })

  it('gives up (null) on any schema part it does not fully understand, so zod alone decides there', () => {
    const unsupported: z.ZodType[] = [
      z.object({ a: z.string() }),
      z.strictObject({ a: z.string() }),
      z.looseObject({ a: z.string().email() }),
      z.looseObject({ a: z.string().transform((s) => s.length) }),
      z.looseObject({ a: z.string().default('x') }),
      z.looseObject({ a: z.coerce.number() }),
      z.looseObject({ a: z.array(z.string()) }),
      z.int().check(z.refine((n) => n > 0, { when: () => true })),
      z.int32()
    ]
    for (const schema of unsupported) expect(compileAcceptor(schema)).toBeNull()
  })

  it('scalar fields: wherever zod passes a record, each of them holds a string, a safe integer or null', () => {
    const scalars = [...scalarFields(transferRecordWireSchema)]
    // the amounts (texts with a pattern) and nothing optional are outside; the plain fields inside
    expect(scalars).toEqual(expect.arrayContaining(['id', 'chain', 'height', 'relayerSendHash', 'relayerChainid', 'fromChainObject']))
    expect(scalars).not.toContain('amount')
    expect(scalars).not.toContain('inAmount')
    expect(scalarFields(wireDecimal).size).toBe(0)
    const plain = (v: unknown): boolean => v === null || typeof v === 'string' || Number.isSafeInteger(v)
    fc.assert(
      fc.property(fc.nat(), fc.constantFrom(...scalars), oddValue, (pick, field, value) => {
        const record = { ...records[pick % records.length]!, [field]: value }
        if (transferRecordWireSchema.safeParse(record).success) expect(plain(value), `${field}: ${JSON.stringify(value)}`).toBe(true)
      }),
      { numRuns: 2000 }
    )
  })
})
