// The bounded activity log that survives a restart.
import { appendFileSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { WatchEvent } from '../../../../src/shared/watch'
import { ActivityLog } from '../../../../src/main/watch/activity-log'
import { tempDir } from './helpers'

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
