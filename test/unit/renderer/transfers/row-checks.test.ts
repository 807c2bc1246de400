// The chain-check column's store: rows in view asked once they settle, answers kept while scrolling back, and
// asked again when shown after a while (a kept answer is never made permanent).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { RowChecks } from '../../../../src/renderer/src/lib/transfers/row-checks.svelte'
import { chainWordOf, type RowCheck } from '../../../../src/shared/chain-word'

const CONFIRMED = { kind: 'confirmed', unclaimedAmount: null, block: 1, blockHash: '0x01', blockTime: 0, confirmations: 12 } as const

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

describe('RowChecks', () => {
  it('keeps an answer while its row comes back soon, and asks again once it is shown after reaskMs', async () => {
    let clock = 0
    const asked: string[][] = []
    const checks = new RowChecks(
      async (hashes) => {
        asked.push(hashes)
        return hashes.map((txHash): RowCheck => ({ txHash, word: chainWordOf([{ role: 'Source', hash: txHash, outcome: CONFIRMED, reorg: null }]), text: 'Source: Confirmed' }))
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
})
