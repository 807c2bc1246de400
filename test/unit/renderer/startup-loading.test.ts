// @vitest-environment jsdom
// What the renderer does to reach its first screen sooner: views arrive as chunks (ViewLoader), the first
// view's cache reads are asked for while its chunk loads (prefetch), its own identical calls taking them, and
// a view's cached lists are applied together (loadTogether).
import type { Component } from 'svelte'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { call, prefetch } from '../../../src/renderer/src/lib/api'
import { SourcedQuery, loadTogether } from '../../../src/renderer/src/lib/sourced.svelte'
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

describe('loadTogether', () => {
  const sourced = <T>(data: T, source: 'cache' | 'network' = 'cache') => ({ data, source, fetchedAt: 1, stale: source === 'cache' })

  it('applies the cached copies of several queries at the same moment, then each network copy on its own', async () => {
    let releaseA: () => void = () => undefined
    const a = new SourcedQuery<string>(async (prefer) => (prefer === 'cache' ? sourced('a cached') : sourced('a fresh', 'network')))
    const b = new SourcedQuery<string>(async (prefer) => {
      if (prefer === 'network') return sourced('b fresh', 'network')
      await new Promise<void>((r) => (releaseA = r))
      return sourced('b cached')
    })
    const done = loadTogether([a, b])
    await new Promise((r) => setTimeout(r, 10))
    // a's cached copy is in, but waits for b's
    expect(a.data).toBeNull()
    releaseA()
    await done
    expect([a.data, b.data]).toEqual(['a fresh', 'b fresh'])
    expect([a.loading, b.loading]).toEqual([false, false])
  })

  it('keeps a cached copy with the error when the network fails, and reads the network alone without cacheFirst', async () => {
    const asked: string[] = []
    const q = new SourcedQuery<string>(async (prefer) => {
      asked.push(prefer)
      if (prefer === 'network') throw new Error('refused')
      return sourced('old')
    })
    await loadTogether([q])
    expect([q.data, q.source, q.error?.message, q.loading]).toEqual(['old', 'cache', 'refused', false])
    await loadTogether([q], { cacheFirst: false })
    expect(asked).toEqual(['cache', 'network', 'network'])
  })

  it('stops after the cache when the cached answer is already a network copy', async () => {
    const asked: string[] = []
    const q = new SourcedQuery<string>(async (prefer) => (asked.push(prefer), sourced('fresh', 'network')))
    await q.load()
    expect(asked).toEqual(['cache'])
    expect([q.data, q.loading]).toEqual(['fresh', false])
  })
})
