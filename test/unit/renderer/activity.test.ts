import { describe, expect, it } from 'vitest'
import type { WatchEvent } from '@shared/watch'
import { filterActivity } from '../../../src/renderer/src/lib/activity'

const ev = (id: string, at: number, profileId: string, kind: WatchEvent['kind'] = 'vault-change', body = ''): WatchEvent =>
  ({ id, at, profileId, kind, title: `t ${id}`, body, epochBefore: '1', epochAfter: '2', changes: [] }) as WatchEvent

describe('activity filter (14.4)', () => {
  const events = [ev('a', 1, 'demo'), ev('b', 3, 'mine', 'stuck', 'route 1-56'), ev('c', 2, 'mine'), ev('d', 4, 'demo')]

  it('14.4 the log is per profile: another profile’s rotation never shows', () => {
    expect(filterActivity(events, 'mine', { kind: '', text: '' }).map((e) => e.id)).toEqual(['b', 'c'])
    expect(filterActivity(events, 'demo', { kind: '', text: '' }).map((e) => e.id)).toEqual(['d', 'a'])
  })

  it('14.4 newest first, filtered by kind and by text (case-insensitive), the input left as it was', () => {
    const before = JSON.stringify(events)
    expect(filterActivity(events, 'mine', { kind: 'vault-change', text: '' }).map((e) => e.id)).toEqual(['c'])
    expect(filterActivity(events, 'mine', { kind: '', text: 'ROUTE 1-56' }).map((e) => e.id)).toEqual(['b'])
    expect(filterActivity(events, 'mine', { kind: '', text: 'stuck transfer' }).map((e) => e.id)).toEqual(['b'])
    expect(JSON.stringify(events)).toBe(before)
  })
})
