// @vitest-environment jsdom
// What the renderer does to reach its first screen sooner: views arrive as chunks (ViewLoader), and the first
// view's cache reads are asked for while its chunk loads (prefetch), its own identical calls taking them.
import type { Component } from 'svelte'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { call, prefetch } from '../../../src/renderer/src/lib/api'
import { ViewLoader } from '../../../src/renderer/src/lib/views.svelte'
import type { ViewId } from '../../../src/renderer/src/lib/route'

describe('ViewLoader', () => {
  const component = (() => undefined) as unknown as Component
  function loader(impl: (id: ViewId) => Promise<Component>) {
    const fn = vi.fn(impl)
    return { fn, views: new ViewLoader(fn) }
  }

  it('fetches a view once, however often it is asked for, and shows it when it has arrived', async () => {
    const { fn, views } = loader(async () => component)
    expect(views.loaded.tokens).toBeUndefined()
    const [a, b] = [views.load('tokens'), views.load('tokens')]
    expect(await a).toBe(component)
    expect(await b).toBe(component)
    expect(fn).toHaveBeenCalledTimes(1)
    expect(views.loaded.tokens).toBe(component)
    expect(views.loaded.vault).toBeUndefined()
  })

  it('says why a view failed to arrive, and asks again on the next visit', async () => {
    let fail = true
    const { fn, views } = loader(async () => {
      if (fail) throw new Error('chunk missing')
      return component
    })
    await expect(views.load('vault')).rejects.toThrow('chunk missing')
    expect(views.failed.vault).toBe('chunk missing')
    expect(views.loaded.vault).toBeUndefined()
    fail = false
    expect(await views.load('vault')).toBe(component)
    expect(fn).toHaveBeenCalledTimes(2)
    expect(views.failed.vault).toBeUndefined()
  })
})

describe('prefetch', () => {
  const tokensList = vi.fn()
  beforeEach(() => {
    tokensList.mockReset()
    let n = 0
    tokensList.mockImplementation(async () => ({ ok: true, value: { n: ++n } }))
    Object.defineProperty(window, 'bridgescope', { value: { tokensList }, configurable: true })
  })
  afterEach(() => {
    vi.useRealTimers()
    Reflect.deleteProperty(window, 'bridgescope')
  })

  it('hands its answer to the first identical call only', async () => {
    prefetch('tokens:list', { prefer: 'cache' })
    prefetch('tokens:list', { prefer: 'cache' })
    expect(tokensList).toHaveBeenCalledTimes(1)
    expect(await call('tokens:list', { prefer: 'cache' })).toEqual({ n: 1 })
    expect(await call('tokens:list', { prefer: 'cache' })).toEqual({ n: 2 })
    expect(tokensList).toHaveBeenCalledTimes(2)
  })

  it('is not taken by a call with another input', async () => {
    prefetch('tokens:list', { prefer: 'cache' })
    expect(await call('tokens:list', { prefer: 'network' })).toEqual({ n: 2 })
    expect(await call('tokens:list', { prefer: 'cache' })).toEqual({ n: 1 })
  })

  it('is dropped when nobody takes it in time, so a late call asks afresh', async () => {
    vi.useFakeTimers()
    prefetch('tokens:list', { prefer: 'cache' })
    vi.advanceTimersByTime(6000)
    expect(await call('tokens:list', { prefer: 'cache' })).toEqual({ n: 2 })
  })

  it('keeps a failed answer as the call’s error', async () => {
    tokensList.mockImplementationOnce(async () => ({ ok: false, error: { kind: 'network', message: 'refused' } }))
    prefetch('tokens:list', { prefer: 'cache' })
    await expect(call('tokens:list', { prefer: 'cache' })).rejects.toThrow('refused')
  })
})
