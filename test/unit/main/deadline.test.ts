// A deadline that holds whatever the work does: `within` settles at its limit even when the work never
// heeds its signal, and the work's signal is aborted then, so a fetch there lets its connection go.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { waitAtMost, within } from '../../../src/main/deadline'

const never = <T>(): Promise<T> => new Promise<T>(() => undefined)

// The limits are proven on a controlled clock: time moves only when a test moves it, so what is checked is
// what happens before and at the limit, never how fast the machine is.
afterEach(() => {
  vi.useRealTimers()
})

describe('within', () => {
  it('gives the work its value when it finishes in time, and leaves its signal alone', async () => {
    let given: AbortSignal | undefined
    const value = await within(1_000, async (signal) => {
      given = signal
      return 42
    })
    expect(value).toBe(42)
    await new Promise((r) => setTimeout(r, 20))
    expect(given?.aborted).toBe(false)
  })

  it('a work that never settles and ignores its signal is a TimeoutError at the limit, not before; its signal is aborted', async () => {
    vi.useFakeTimers()
    let given: AbortSignal | undefined
    let outcome: unknown = 'pending'
    const done = within(150, (signal) => {
      given = signal
      return never()
    }).catch((e: unknown) => (outcome = e))
    await vi.advanceTimersByTimeAsync(149)
    expect(outcome).toBe('pending')
    expect(given?.aborted).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    await done
    expect(outcome).toBeInstanceOf(DOMException)
    expect((outcome as DOMException).name).toBe('TimeoutError')
    expect((outcome as DOMException).message).toBe('no answer within 0.15 s')
    expect(given?.aborted).toBe(true)
  })

  it('the caller giving up is an AbortError at once, and the work is told', async () => {
    const outer = new AbortController()
    let given: AbortSignal | undefined
    const pending = within(60_000, (signal) => {
      given = signal
      return never()
    }, outer.signal).catch((e: unknown) => e)
    outer.abort()
    const error = (await pending) as DOMException
    expect(error.name).toBe('AbortError')
    expect(given?.aborted).toBe(true)
  })

  it('a caller that has already given up starts nothing', async () => {
    const outer = new AbortController()
    outer.abort()
    let started = false
    const error = (await within(1_000, async () => {
      started = true
      return 1
    }, outer.signal).catch((e: unknown) => e)) as DOMException
    expect(error.name).toBe('AbortError')
    expect(started).toBe(false)
  })

  it('a work that fails gives its own error, not a timeout', async () => {
    await expect(within(1_000, () => Promise.reject(new Error('refused')))).rejects.toThrow('refused')
  })
})

describe('waitAtMost', () => {
  it('returns as soon as the work settles, long before its bound', async () => {
    vi.useFakeTimers()
    let settle = (): void => undefined
    let returned = false
    const waiting = waitAtMost(new Promise<void>((r) => (settle = r)), 60_000).then(() => (returned = true))
    await vi.advanceTimersByTimeAsync(10)
    expect(returned).toBe(false)
    settle()
    await waiting
    expect(returned).toBe(true)
  })

  it('returns at the bound when the work never settles, not before', async () => {
    vi.useFakeTimers()
    let returned = false
    const waiting = waitAtMost(never(), 150).then(() => (returned = true))
    await vi.advanceTimersByTimeAsync(149)
    expect(returned).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    await waiting
    expect(returned).toBe(true)
  })
})
