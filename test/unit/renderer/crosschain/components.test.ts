// @vitest-environment jsdom
// The Cross-chain view's parts on boards and orders made to order: a stalled scanner, a chain MAP does not
// scan, a chain that failed, pending orders aged from the source or only since first seen, an order with a
// status MAP does not name and legs not made yet. Remote text stays text.
import { describe, expect, it, vi } from 'vitest'
import { fireEvent, render, screen } from '@testing-library/svelte'
import ChainBoard from '../../../../src/renderer/src/components/crosschain/ChainBoard.svelte'
import TraceCard from '../../../../src/renderer/src/components/crosschain/TraceCard.svelte'
import type { TssBoard, TssChainBoard } from '../../../../src/shared/schemas/tss-board'
import { tssOrderSchema } from '../../../../src/shared/schemas/tss'

const now = Date.now()
const chain = (over: Partial<TssChainBoard>): TssChainBoard => ({
  chainId: '56',
  name: 'BNB Smart Chain',
  added: false,
  height: '44800000',
  blocksPerMinute: 20,
  movedAt: now - 5_000,
  stalled: false,
  pendingCount: 0,
  oldestPendingSec: null,
  pending: [],
  error: null,
  checkedAt: now,
  ...over
})

const board: TssBoard = {
  at: now,
  stallMinutes: 10,
  chains: [
    chain({ chainId: '56', stalled: true, movedAt: now - 13 * 60_000 }),
    chain({
      chainId: '1360095883558914',
      name: '',
      added: true,
      height: null,
      blocksPerMinute: null,
      pendingCount: 2,
      oldestPendingSec: 9 * 3600,
      pending: [
        { tx: '8c2d4520b91d4407c542256d46eace870b012704e10712ad220619af6b195780', ageSec: 9 * 3600, ageFrom: 'source', orderId: '0x' + 'ab'.repeat(32), status: '1', route: '1360095883558914-1', stuck: true },
        { tx: '<img src=x onerror=alert(1)>aaaaaaaaaaaaaaaa', ageSec: 120, ageFrom: 'seen', orderId: null, status: null, route: null, stuck: false }
      ]
    }),
    chain({ chainId: '1', name: 'Ethereum', error: 'cannot reach the service: ECONNREFUSED' })
  ]
}

describe('ChainBoard', () => {
  it('marks a stalled scanner, a chain MAP does not scan and a failed chain, each in words', () => {
    render(ChainBoard, { board, ontoggle: vi.fn(), ontrace: vi.fn(), onunfollow: vi.fn() })
    const rows = document.querySelectorAll('[data-testid="tss-chain"]')
    expect(rows).toHaveLength(3)
    expect(rows[0]?.getAttribute('data-stalled')).toBe('true')
    expect(rows[0]?.textContent).toMatch(/Stalled\s+since 13 min/)
    expect(rows[1]?.textContent).toContain('not scanned')
    expect(rows[1]?.textContent).toContain('9 h 00 min')
    expect(rows[2]?.textContent).toContain('error: cannot reach the service')
    // only a chain added by id can be removed
    expect(screen.getAllByRole('button', { name: /Remove chain/ })).toHaveLength(1)
  })

  it('an open chain lists its pending orders: stuck marked, untraced aged "at least", remote text as text', async () => {
    const ontrace = vi.fn()
    const ontoggle = vi.fn()
    render(ChainBoard, { board, open: '1360095883558914', ontoggle, ontrace, onunfollow: vi.fn() })
    const orders = screen.getAllByTestId('tss-pending-order')
    expect(orders[0]?.textContent).toContain('stuck')
    expect(orders[0]?.textContent).toContain('1360095883558914 → 1')
    expect(orders[1]?.textContent).toMatch(/2 min 0\d s \(at least\)/)
    expect(orders[1]?.textContent).toContain('not traced')
    expect(document.querySelector('img')).toBeNull()
    await fireEvent.click(screen.getAllByRole('button', { name: 'Trace' })[0]!)
    expect(ontrace).toHaveBeenCalledWith('0x' + 'ab'.repeat(32))
    await fireEvent.click(screen.getByRole('button', { name: 'Chain 1360095883558914' }))
    expect(ontoggle).toHaveBeenCalledWith('1360095883558914')
  })
})

describe('TraceCard', () => {
  it('a status MAP does not name is shown as sent; legs not made yet are listed as such', () => {
    const order = tssOrderSchema.parse({
      src: { tx_hash: '0x' + '11'.repeat(32), chain: '22776', height: 22099953, timestamp: 1768802635, chain_and_gas_limit: '142967269125167041077142995715525384507308163214988674526560832' },
      relay: { tx_hash: '0x' + '22'.repeat(32), chain: '22776', height: 22099955, timestamp: 1768802645 },
      status: 7,
      status_str: 'weird',
      order_id: '0x' + '33'.repeat(32),
      now: 0
    })
    render(TraceCard, { trace: { order, via: 'tx' }, chainName: (id: string) => (id === '56' ? 'BNB Smart Chain' : id === '22776' ? 'MAP Relay Chain' : '') })
    expect(screen.getByTestId('trace-status').textContent).toMatch(/status 7\s*\(7, “weird”\)/)
    expect(screen.getByTestId('trace-route').textContent).toBe('MAP Relay Chain (22776) → BNB Smart Chain (56)')
    const legs = screen.getAllByTestId('trace-leg')
    expect(legs.map((l) => l.getAttribute('data-leg'))).toEqual(['src', 'relay'])
    expect(legs[1]?.textContent).toContain('+10 s')
    expect(legs[0]?.textContent).toContain('2026-01-19 06:03:55 UTC')
    expect(screen.getAllByTestId('trace-leg-missing').map((l) => l.textContent?.trim().split(/\s+/)[0])).toEqual(['Relay', 'Destination', 'Recorded'])
  })
})
