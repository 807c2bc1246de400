// A deadline that holds whatever the work does: `within` settles at its limit even when the work never
// heeds its signal, and the work's signal is aborted then, so a fetch there lets its connection go.
import { describe, expect, it } from 'vitest'
import { waitAtMost, within } from '../../../src/main/deadline'

const never = <T>(): Promise<T> => new Promise<T>(() => undefined)

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

  it('a work that never settles and ignores its signal is a TimeoutError at the limit; its signal is aborted', async () => {
    let given: AbortSignal | undefined
    const started = Date.now()
    const error = await within(150, (signal) => {
      given = signal
      return never()
    }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(DOMException)
    expect((error as DOMException).name).toBe('TimeoutError')
    expect((error as DOMException).message).toBe('no answer within 0.15 s')
    expect(Date.now() - started).toBeGreaterThanOrEqual(140)
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
  it('returns as soon as the work settles, and at the bound when it never does', async () => {
    let started = Date.now()
    await waitAtMost(new Promise((r) => setTimeout(r, 30)), 5_000)
    expect(Date.now() - started).toBeLessThan(1_000)
    started = Date.now()
    await waitAtMost(never(), 150)
    expect(Date.now() - started).toBeGreaterThanOrEqual(140)
  })
})

