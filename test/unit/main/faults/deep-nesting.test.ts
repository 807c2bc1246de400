// Deep nesting is answered with an error, never a call left waiting. The decoder refuses nesting past
// MAX_DEPTH (just under is fine, 10× and 100,000 levels are refused), and whatever a handler returns, the
// caller gets a reply: a result the transport could not carry becomes an error result.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_DEPTH, parseLossless } from '../../../../src/main/client/lossless-json'
import { checkReplyable, dispatch, MAX_REPLY_DEPTH } from '../../../../src/main/ipc/dispatch'
import type { HandlerTable } from '../../../../src/main/ipc/handler-table'
import { replyText } from '../../../../src/web/server'
import { createAppContext, type AppContext } from '../../../../src/main/app-context'
import { AppError } from '../../../../src/shared/errors'
import { nested, startDeepServer } from './deep-server'
import { confFactory, tempDir } from './rig'
import { testDemo } from '../../../support/demo-plan'

const deepValue = (levels: number): unknown => {
  let v: unknown = 1
  for (let i = 0; i < levels; i++) v = [v]
  return v
}

describe('the decoder refuses nesting past its limit', () => {
  it(`${MAX_DEPTH} levels parse; ${MAX_DEPTH + 1}, ${MAX_DEPTH * 10} and 100,000 are a protocol error naming the limit`, () => {
    expect(parseLossless(nested(MAX_DEPTH))).toEqual(deepValue(MAX_DEPTH) as never)
    for (const levels of [MAX_DEPTH + 1, MAX_DEPTH * 10, 100_000]) {
      expect(() => parseLossless(nested(levels))).toThrow(AppError)
      expect(() => parseLossless(nested(levels))).toThrow(new RegExp(`deeper than ${MAX_DEPTH} levels`))
    }
    // objects count too; brackets inside strings do not
    expect(() => parseLossless('{"a":'.repeat(100) + '1' + '}'.repeat(100))).toThrow(/deeper than/)
    expect(parseLossless(JSON.stringify({ s: '['.repeat(10_000) }))).toEqual({ s: '['.repeat(10_000) })
  })
})

let server: Awaited<ReturnType<typeof startDeepServer>>
let context: AppContext
beforeAll(async () => {
  server = await startDeepServer()
  const base = server.base
  context = await createAppContext({ demo: testDemo(), dataDir: tempDir(), storeFactory: confFactory, shell: 'harness', version: 't', broadcast: () => undefined, watch: { enabled: false } })
  const saved = context.settings.saveProfile({ id: 'deep', name: 'Deep', baseUrl: base, rpcUrls: [`${base}/rpc`], timeoutMs: 3000 })
  expect(saved.profiles.some((p) => p.id === 'deep')).toBe(true)
  context.settings.activate('deep')
})
afterAll(async () => {
  await context.dispose()
  await server.close()
})

describe('a service answering 100,000 levels of nesting', () => {
  const calls: [string, unknown][] = [
    ['chains:list', { prefer: 'network' }],
    ['tokens:list', { prefer: 'network' }],
    ['vault:get', { epoch: 'latest', prefer: 'network' }],
    ['vault:get', { epoch: '5', prefer: 'network' }],
    ['history:page', { address: `0x${'a'.repeat(40)}`, chainId: 1, prefer: 'network' }],
    ['transfer:get', { txHash: `0x${'b'.repeat(64)}`, prefer: 'network' }]
  ]
  for (const [channel, input] of calls) {
    it(`${channel} answers with an error that says why`, async () => {
      const result = await dispatch(context.handlers, channel, input, { emit: () => undefined })
      expect(result.ok).toBe(false)
      if (!result.ok) {
        expect(result.error.kind).toBe('protocol')
        expect(result.error.message).toMatch(/deeper than 64 levels/)
      }
    })
  }
})

describe('every handler replies, even when its result cannot cross the transport', () => {
  const table = (value: unknown): HandlerTable => new Proxy({} as HandlerTable, { get: () => () => Promise.resolve(value) })
  it('a result nested past the reply limit, or one that refers to itself, becomes an error result', async () => {
    const cyclic: Record<string, unknown> = { a: 1 }
    cyclic.self = cyclic
    for (const value of [deepValue(MAX_REPLY_DEPTH + 5), deepValue(100_000), cyclic]) {
      const result = await dispatch(table(value), 'chains:list', undefined, { emit: () => undefined })
      expect(result.ok).toBe(false)
      if (!result.ok) expect(result.error).toMatchObject({ kind: 'protocol', operation: 'chains:list' })
    }
    expect(() => checkReplyable(deepValue(MAX_REPLY_DEPTH - 1), 'x')).not.toThrow()
  })

  it('the harness turns a result JSON cannot write into an error reply for the same call', () => {
    const text = replyText(7, { ok: true, value: { n: 10n } }, 'chains:list')
    const frame = JSON.parse(text) as { reply: number; result: { ok: boolean; error?: { message: string } } }
    expect(frame.reply).toBe(7)
    expect(frame.result.ok).toBe(false)
    expect(frame.result.error?.message).toMatch(/could not be sent/)
  })
})
