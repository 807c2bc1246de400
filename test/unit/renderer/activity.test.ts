import { describe, expect, it } from 'vitest'
import type { WatchEvent } from '@shared/watch'
import { filterActivity, fullValues, hashParts } from '../../../src/renderer/src/lib/activity'

const ev = (id: string, at: number, profileId: string, kind: WatchEvent['kind'] = 'vault-change', body = ''): WatchEvent =>
  ({ id, at, profileId, kind, title: `t ${id}`, body, epochBefore: '1', epochAfter: '2', changes: [] }) as WatchEvent

describe('activity filter', () => {
  const events = [ev('a', 1, 'demo'), ev('b', 3, 'mine', 'stuck', 'route 1-56'), ev('c', 2, 'mine'), ev('d', 4, 'demo')]

  it('the log is per profile: another profile’s rotation never shows', () => {
    expect(filterActivity(events, 'mine', { kind: '', text: '' }).map((e) => e.id)).toEqual(['b', 'c'])
    expect(filterActivity(events, 'demo', { kind: '', text: '' }).map((e) => e.id)).toEqual(['d', 'a'])
  })

  it('newest first, filtered by kind and by text (case-insensitive), the input left as it was', () => {
    const before = JSON.stringify(events)
    expect(filterActivity(events, 'mine', { kind: 'vault-change', text: '' }).map((e) => e.id)).toEqual(['c'])
    expect(filterActivity(events, 'mine', { kind: '', text: 'ROUTE 1-56' }).map((e) => e.id)).toEqual(['b'])
    expect(filterActivity(events, 'mine', { kind: '', text: 'stuck transfer' }).map((e) => e.id)).toEqual(['b'])
    expect(JSON.stringify(events)).toBe(before)
  })
})

describe('hashes in an event’s words', () => {
  const tx = `0x${'ab12'.repeat(16)}`
  const other = `0x${'cd34'.repeat(16)}`
  const address = `0x${'9f'.repeat(20)}`

  it('a hash the watcher cut at its end is given back whole, to be shown shortened in the middle only', () => {
    expect(hashParts(`Transfer ${tx.slice(0, 10)}… changed`, [tx])).toEqual([{ text: 'Transfer ' }, { hash: tx }, { text: ' changed' }])
    expect(hashParts(`On chain 1: ${tx.slice(0, 10)}…, ${other.slice(0, 10)}…`, [tx, other, address])).toEqual([
      { text: 'On chain 1: ' },
      { hash: tx },
      { text: ', ' },
      { hash: other }
    ])
  })

  it('a value shortened in the middle is matched by both ends; text matching no value, or two, stays text', () => {
    expect(hashParts(`key rotated: ${address.slice(0, 10)}…${address.slice(-6)}`, [address])).toEqual([{ text: 'key rotated: ' }, { hash: address }])
    expect(hashParts('epoch 4 → 5, 0xdeadbeef… unknown', [tx])).toEqual([{ text: 'epoch 4 → 5, 0xdeadbeef… unknown' }])
    const twin = `${tx.slice(0, 12)}${'0'.repeat(54)}`
    expect(hashParts(`${tx.slice(0, 10)}…`, [tx, twin])).toEqual([{ text: `${tx.slice(0, 10)}…` }])
  })

  it('the values come from the event itself: its hashes, address and the before and after of its changes', () => {
    const e = {
      id: 'x',
      at: 1,
      profileId: 'p',
      kind: 'vault-change',
      title: 't',
      body: `key rotated: ${tx.slice(0, 10)}…`,
      epochBefore: '0x4',
      epochAfter: '0x5',
      changes: [{ path: '$.public_key', kind: 'changed', before: other, after: tx }]
    } as WatchEvent
    expect(fullValues(e).sort()).toEqual([other, tx].sort())
    const n = { id: 'n', at: 1, profileId: 'p', kind: 'new-transfers', title: '', body: '', address, chainId: 1, hashes: [tx] } as WatchEvent
    expect(fullValues(n).sort()).toEqual([address, tx].sort())
  })
})
