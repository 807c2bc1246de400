// Every settings file read without a part gets that part's defaults as objects of its own: zod hands a plain
// `.default({...})` value to every parse as the same object, so a change made to one profile's labels or
// thresholds in memory would have become every later default (a reset, a new settings file) too.
import { expect, it } from 'vitest'
import { defaultSettings, settingsSchema } from '../../../src/shared/schemas/settings'

const PARTS = ['labels', 'stuckThresholds', 'tss', 'liveMode', 'pollIntervals', 'updates'] as const

function bare(): Record<string, unknown> {
  const d = JSON.parse(JSON.stringify(defaultSettings())) as Record<string, unknown>
  for (const k of PARTS) delete d[k]
  return d
}

it('two reads of settings without those parts share none of their default objects', () => {
  const a = settingsSchema.parse(bare())
  const b = settingsSchema.parse(bare())
  for (const k of PARTS) expect(a[k], k).not.toBe(b[k])
  expect(a.labels.state).not.toBe(b.labels.state)
  expect(a.stuckThresholds.routes).not.toBe(b.stuckThresholds.routes)
  expect(a.tss.chains).not.toBe(b.tss.chains)
  // and a change to one read's is not the next read's default
  a.labels.state['0'] = 'Changed'
  a.stuckThresholds.routes['1-56'] = 5
  const c = settingsSchema.parse(bare())
  expect(c.labels.state['0']).toBe('Pending')
  expect(c.stuckThresholds.routes).toEqual({})
})
