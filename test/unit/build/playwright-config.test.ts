// A flaky browser test is fixed, not retried away: the suite runs each test once, in CI as anywhere. And no
// browser test bets on the clock: its time bounds are backstops for a hang, far above what any step needs on
// CI's shared cores, and no spec lowers them (a walk of every view with axe took over three minutes at load 27).
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'

const E2E = join(__dirname, '../../e2e')

describe('the browser suite', () => {
  it('never retries a failed test, with or without CI set', async () => {
    for (const ci of ['', '1']) {
      vi.stubEnv('CI', ci)
      vi.resetModules()
      const config = (await import('../../../playwright.config')).default
      expect(config.retries).toBe(0)
      for (const project of config.projects ?? []) expect(project.retries ?? 0).toBe(0)
    }
    vi.unstubAllEnvs()
  })

  it('bounds a test and a wait only as hang backstops (≥ 10 and ≥ 2 minutes), and no spec lowers them', async () => {
    vi.resetModules()
    const config = (await import('../../../playwright.config')).default
    expect(config.timeout).toBeGreaterThanOrEqual(600_000)
    expect(config.expect?.timeout).toBeGreaterThanOrEqual(120_000)
    const lowered: string[] = []
    for (const file of readdirSync(E2E).filter((f) => f.endsWith('.ts'))) {
      readFileSync(join(E2E, file), 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (/test\.setTimeout\(|\btimeout:\s*[\d_]+/.test(line) && !/timeoutMs:/.test(line)) lowered.push(`${file}:${i + 1}: ${line.trim()}`)
        })
    }
    expect(lowered).toEqual([])
  })
})
