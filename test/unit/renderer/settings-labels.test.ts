// Every Settings form says what was wrong in its own words: a value main refuses is named as the form labels
// its field ("Vault watch every: at least 5"), never by its path in the settings ("pollIntervals.vaultSec"),
// with a limit in words and lines counted from 1. The errors are made the way main makes them: the channel's
// own schema refuses a bad value and dispatch turns the zod issue into the error the form receives.
import { describe, expect, it } from 'vitest'
import { channels, type Channel } from '../../../src/shared/contract'
import { defaultSettings } from '../../../src/shared/schemas/settings'
import type { AppErrorData } from '../../../src/shared/errors'
import { inputError } from '../../../src/main/ipc/dispatch'
import { fieldMessage } from '../../../src/renderer/src/lib/settings-actions'
import {
  ALERT_SINK_LABELS,
  CACHE_LABELS,
  CHAIN_CHECK_LABELS,
  GENERAL_LABELS,
  KEEPERS_WATCH_LABELS,
  LABELS_LABELS,
  STUCK_LABELS
} from '../../../src/renderer/src/lib/settings-labels'

/** what the form receives when main refuses `input` on `channel` */
function refused(channel: Channel, input: unknown): AppErrorData {
  const parsed = channels[channel].input.safeParse(input)
  if (parsed.success) throw new Error(`${channel} accepted ${JSON.stringify(input)}`)
  return inputError(channel, parsed.error)
}

/** a field path: a part counted from 0 ("rules.0.threshold") or a camel-case name with a part after it ("pollIntervals.vaultSec") */
const PATH = /\b[A-Za-z]+\.\d+\b|\b[a-z]+[A-Z][A-Za-z]*\.[A-Za-z0-9-]+/

function expectWords(message: string, field: string | undefined, starts: string): void {
  expect(message.startsWith(starts), `${message} starts with ${starts}`).toBe(true)
  expect(message).not.toMatch(PATH)
  if (field?.includes('.')) expect(message).not.toContain(field)
  expect(message).not.toMatch(/Invalid input for/)
}

describe('Settings forms name their fields as labelled', () => {
  it('Appearance and polling: each interval by its label, its limit in words', () => {
    const cases: [unknown, string][] = [
      [{ pollIntervals: { vaultSec: 1 } }, 'Vault watch every: at least 5'],
      [{ pollIntervals: { transfersSec: 999999 } }, 'Watched transfers every: at most 86400'],
      [{ pollIntervals: { liveHistorySec: 1.5 } }, 'Live history every: '],
      [{ tss: { intervalSec: 0 } }, 'Cross-chain (TSS API) every: '],
      [{ tss: { stallMinutes: 0 } }, 'Scanner stalled after: at least 1']
    ]
    for (const [patch, starts] of cases) {
      const e = refused('settings:update', patch)
      expectWords(fieldMessage(e, GENERAL_LABELS), e.field, starts)
    }
  })

  it("The vault's keepers: the switches and the interval by their labels", () => {
    const cases: [unknown, string][] = [
      [{ keepersWatch: { intervalSec: 1 } }, "The keepers' watch every: at least 5"],
      [{ keepersWatch: { maintainers: 'yes' } }, 'Watch the maintainers: '],
      [{ keepersWatch: { solvency: 1 } }, "Watch the vault's solvency: "]
    ]
    for (const [patch, starts] of cases) {
      const e = refused('settings:update', patch)
      expectWords(fieldMessage(e, KEEPERS_WATCH_LABELS), e.field, starts)
    }
  })

  it('Cache: the limit by its label', () => {
    const e = refused('settings:update', { cacheLimitMb: 0 })
    expectWords(fieldMessage(e, CACHE_LABELS), e.field, 'Cache limit: at least 1')
  })

  it('Stuck thresholds: the default, and a route by its chains', () => {
    const d = refused('settings:update', { stuckThresholds: { defaultMinutes: 0 } })
    expectWords(fieldMessage(d, STUCK_LABELS), d.field, 'Default stuck minutes: ')
    const r = refused('settings:update', { stuckThresholds: { routes: { '1-56': 0 } } })
    expectWords(fieldMessage(r, STUCK_LABELS), r.field, 'Route minutes, route 1 → 56: ')
  })

  it('Labels: a state or type label by its number', () => {
    const s = refused('settings:update', { labels: { state: { '3': 'x'.repeat(500) } } })
    expectWords(fieldMessage(s, LABELS_LABELS), s.field, 'State labels, state 3: ')
    const t = refused('settings:update', { labels: { type: { '4': 'x'.repeat(500) } } })
    expectWords(fieldMessage(t, LABELS_LABELS), t.field, 'Type labels, type 4: ')
  })

  it('Alerts: the webhook form by its labels', () => {
    const u = refused('alerts:save', { url: 'ftp://example.org/hook' })
    expectWords(fieldMessage(u, ALERT_SINK_LABELS), u.field, 'Webhook URL: ')
    const l = refused('alerts:save', { label: 'x'.repeat(500) })
    expectWords(fieldMessage(l, ALERT_SINK_LABELS), l.field, 'Label: ')
    const f = refused('alerts:save', { format: 'xml' })
    expectWords(fieldMessage(f, ALERT_SINK_LABELS), f.field, 'Format: ')
  })

  it('Chain checks: an RPC by its chain', () => {
    const profile = defaultSettings().profiles[0]!
    const e = refused('profiles:save', { ...profile, chainCheck: { enabled: true, rpc: { '56': 'not a url' } } })
    expectWords(fieldMessage(e, CHAIN_CHECK_LABELS), e.field, 'Your own RPC per chain, chain 56: ')
  })
})
