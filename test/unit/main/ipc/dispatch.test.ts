import { describe, expect, it, vi } from 'vitest'
import { dispatch } from '../../../../src/main/ipc/dispatch'
import type { HandlerTable } from '../../../../src/main/ipc/handler-table'
import { isTrustedSender } from '../../../../src/main/ipc/sender'
import { AppError } from '../../../../src/shared/errors'

function table(overrides: Partial<HandlerTable>): HandlerTable {
  return new Proxy(overrides as HandlerTable, {
    get: (target, key: string) => (target as Record<string, unknown>)[key] ?? (() => Promise.resolve('default'))
  })
}
const ctx = { emit: () => undefined }

describe('dispatch', () => {
  it('refuses input that fails the contract schema, naming the field, without calling the handler', async () => {
    const handler = vi.fn()
    const result = await dispatch(table({ 'history:page': handler }), 'history:page', { address: '0x12', chainId: 1 }, ctx)
    expect(handler).not.toHaveBeenCalled()
    expect(result).toEqual({
      ok: false,
      error: expect.objectContaining({ kind: 'input', field: 'address', operation: 'history:page' })
    })
    if (!result.ok) expect(result.error.message).toMatch(/address: an address is 0x followed by 40 hex digits/)
  })

  it('passes parsed input with defaults to the handler', async () => {
    const handler = vi.fn(() => Promise.resolve({ ok: 1 }))
    const address = '0x' + 'a'.repeat(40)
    const result = await dispatch(table({ 'history:page': handler as never }), 'history:page', { address, chainId: 1 }, ctx)
    expect(result).toEqual({ ok: true, value: { ok: 1 } })
    expect(handler).toHaveBeenCalledWith({ address, chainId: 1, pageNo: 1, pageSize: 10, prefer: 'network' }, ctx)
  })

  it('refuses unknown channels and keeps thrown AppErrors typed', async () => {
    expect(await dispatch(table({}), 'fs:readFile', {}, ctx)).toMatchObject({ ok: false, error: { kind: 'input', message: 'Unknown channel: fs:readFile' } })
    const failing = table({
      'chains:list': () => Promise.reject(new AppError({ kind: 'api', message: 'service said no', code: 500, operation: 'queryChainList' }))
    })
    expect(await dispatch(failing, 'chains:list', undefined, ctx)).toEqual({
      ok: false,
      error: { kind: 'api', message: 'service said no', code: 500, operation: 'queryChainList' }
    })
  })

  it('turns unexpected exceptions into internal errors rather than letting them cross the transport', async () => {
    const failing = table({ 'cache:stats': () => { throw new TypeError('boom') } })
    expect(await dispatch(failing, 'cache:stats', undefined, ctx)).toEqual({ ok: false, error: { kind: 'internal', message: 'boom', operation: 'cache:stats' } })
  })

  it('refuses extra keys on strict inputs', async () => {
    const result = await dispatch(table({}), 'settings:update', { theme: 'dark', evil: true }, ctx)
    expect(result.ok).toBe(false)
  })
})

describe('sender frame check', () => {
  const app = 'file:///opt/Bridgescope/resources/app.asar/out/renderer/index.html'
  it('accepts only the top frame of the app page', () => {
    expect(isTrustedSender({ url: app, parent: null }, app)).toBe(true)
    expect(isTrustedSender({ url: app + '#/vault', parent: null }, app)).toBe(true)
    expect(isTrustedSender({ url: app, parent: {} }, app)).toBe(false)
    expect(isTrustedSender({ url: 'file:///tmp/evil.html', parent: null }, app)).toBe(false)
    expect(isTrustedSender({ url: 'https://evil.example/', parent: null }, app)).toBe(false)
    expect(isTrustedSender(null, app)).toBe(false)
  })
  it('in development accepts the dev server origin only', () => {
    const dev = 'http://localhost:5173/'
    expect(isTrustedSender({ url: 'http://localhost:5173/#/tokens', parent: null }, dev)).toBe(true)
    expect(isTrustedSender({ url: 'http://localhost:5174/', parent: null }, dev)).toBe(false)
  })
})
