// A flaky browser test is fixed, not retried away: the suite runs each test once, in CI as anywhere.
import { describe, expect, it, vi } from 'vitest'

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
})
