// @vitest-environment jsdom
// The chain-check column's store: rows in view asked once they settle, answers kept while scrolling back, and
// asked again when shown after a while (a kept answer is never made permanent).
import { flushSync } from 'svelte'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { RowChecks } from '../../../../src/renderer/src/lib/transfers/row-checks.svelte'
import { chainWordOf, type RowCheck } from '../../../../src/shared/chain-word'

const CONFIRMED = { kind: 'confirmed', unclaimedAmount: null, block: 1, blockHash: '0x01', blockTime: 0, confirmations: 12 } as const
const confirmed = (txHash: string): RowCheck => ({ txHash, word: chainWordOf([{ role: 'Source', hash: txHash, outcome: CONFIRMED, reorg: null }]), text: 'Source: Confirmed' })

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

describe('RowChecks', () => {
  it('keeps an answer while its row comes back soon, and asks again once it is shown after reaskMs', async () => {
    let clock = 0
    const asked: string[][] = []
    const checks = new RowChecks(
      async (hashes) => {
        asked.push(hashes)
        return hashes.map(confirmed)
      },
      400,
      60_000,
      () => clock
    )
    checks.show(['0xAA', '0xbb'])
    await vi.advanceTimersByTimeAsync(400)
    expect(asked).toEqual([['0xaa', '0xbb']])
    expect(checks.at('0xaa')?.word?.kind).toBe('confirmed')
    clock += 59_999
    checks.show(['0xaa'])
    await vi.advanceTimersByTimeAsync(400)
    expect(asked).toHaveLength(1)
    clock += 1
    checks.show(['0xaa', '0xbb'])
    await vi.advanceTimersByTimeAsync(400)
    expect(asked).toEqual([['0xaa', '0xbb'], ['0xaa', '0xbb']])
    // the earlier answer stays on screen while the new one is on its way
    expect(checks.at('0xbb')?.word?.kind).toBe('confirmed')
  })

  it('a reset while rows sit in view (an answer on its way dropped) asks those rows again, and never asks what left the view', async () => {
    const asked: string[][] = []
    const pending: (() => void)[] = []
    const checks = new RowChecks(async (hashes) => {
      asked.push(hashes)
      await new Promise<void>((r) => pending.push(r))
      return hashes.map(confirmed)
    })
    // the table's part: its rows in view shown whenever the store starts a new round
    let inView = ['0xaa', '0xbb']
    const stop = $effect.root(() => {
      $effect(() => {
        void checks.round
        checks.show(inView)
      })
    })
    try {
      flushSync()
      await vi.advanceTimersByTimeAsync(400)
      expect(asked).toEqual([['0xaa', '0xbb']])
      // the profile's speaker is found while that question is on its way; the rows in view do not change
      checks.reset()
      flushSync()
      pending.shift()?.()
      await vi.advanceTimersByTimeAsync(400)
      expect(asked).toEqual([['0xaa', '0xbb'], ['0xaa', '0xbb']])
      expect(checks.at('0xaa')).toBeUndefined()
      pending.shift()?.()
      await vi.advanceTimersByTimeAsync(0)
      expect(checks.at('0xaa')?.word?.kind).toBe('confirmed')
      expect(checks.at('0xbb')?.word?.kind).toBe('confirmed')
      // a reset after the user scrolled on asks only what is in view now
      inView = ['0xcc']
      checks.reset()
      flushSync()
      await vi.advanceTimersByTimeAsync(400)
      expect(asked.at(-1)).toEqual(['0xcc'])
      expect(checks.at('0xaa')).toBeUndefined()
    } finally {
      stop()
    }
  })
})
