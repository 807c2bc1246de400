// The generic JSON diff (deterministic, key order irrelevant) and the bounded activity log that survives a restart.
import { appendFileSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { WatchEvent } from '../../../../src/shared/watch'
import { diffJson } from '../../../../src/main/watch/json-diff'
import { ActivityLog } from '../../../../src/main/watch/activity-log'
import { tempDir } from './helpers'

describe('diffJson', () => {
  it('names added, removed and changed paths in a stable order, ignoring key order', () => {
    const a = { b: 1, a: [1, 2, 3], 'odd key': { x: null } }
    const b = { a: [1, 5], c: true, 'odd key': { x: 'y' } }
    expect(diffJson(a, b)).toEqual([
      { path: '$.a[1]', kind: 'changed', before: 2, after: 5 },
      { path: '$.a[2]', kind: 'removed', before: 3 },
      { path: '$.b', kind: 'removed', before: 1 },
      { path: '$.c', kind: 'added', after: true },
      { path: '$["odd key"].x', kind: 'changed', before: null, after: 'y' }
    ])
    expect(diffJson({ x: 1, y: [1] }, { y: [1], x: 1 })).toEqual([])
    expect(diffJson([1], { 0: 1 })).toEqual([{ path: '$', kind: 'changed', before: [1], after: { 0: 1 } }])
  })
})

describe('ActivityLog', () => {
  const ev = (i: number): WatchEvent => ({
    kind: 'node-recovered',
    id: `e${i}`,
    at: 1000 + i,
    profileId: 'p',
    title: `t${i}`,
    body: '',
    url: 'http://x',
    downSince: null
  })

  it('keeps the newest entries within its bound, pages back with `before`, survives a restart and a torn line', async () => {
    const dir = tempDir()
    const log = await ActivityLog.open(dir, 10)
    for (let i = 0; i < 35; i++) await log.append(ev(i))
    expect(log.read({ limit: 3 }).map((e) => e.id)).toEqual(['e34', 'e33', 'e32'])
    expect(log.read({ limit: 2, before: 1033 }).map((e) => e.id)).toEqual(['e32', 'e31'])
    const lines = readFileSync(join(dir, 'activity.jsonl'), 'utf8').trim().split('\n')
    expect(lines.length).toBeLessThanOrEqual(20)
    appendFileSync(join(dir, 'activity.jsonl'), '{"kind":"node-rec')
    const again = await ActivityLog.open(dir, 10)
    expect(again.read({ limit: 100 }).map((e) => e.id)).toEqual(Array.from({ length: 10 }, (_, k) => `e${34 - k}`))
  })
})
