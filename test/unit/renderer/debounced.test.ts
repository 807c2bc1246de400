import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { Debounced } from '../../../src/renderer/src/lib/debounced.svelte'

describe('Debounced', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('shows typing at once and applies it once typing pauses', () => {
    const d = new Debounced(200)
    d.set('u')
    d.set('us')
    expect(d.input).toBe('us')
    expect(d.value).toBe('')
    vi.advanceTimersByTime(199)
    expect(d.value).toBe('')
    vi.advanceTimersByTime(1)
    expect(d.value).toBe('us')
  })

  it('flush applies at once and cancels the pending update', () => {
    const d = new Debounced(200)
    d.set('abc')
    d.flush('')
    vi.advanceTimersByTime(500)
    expect(d.value).toBe('')
    expect(d.input).toBe('')
  })
})
