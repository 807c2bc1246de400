// @vitest-environment jsdom
// Whose answers the views show (the speaker): a view starts anew when the active profile speaks otherwise, and
// only then. Every settings save replaces the settings object; a view that started anew on each one dropped
// the chain answers on their way for the rows in view.
import { flushSync } from 'svelte'
import { describe, expect, it } from 'vitest'
import { app } from '../../../src/renderer/src/lib/app-state.svelte'
import { defaultSettings, settingsSchema, type Settings } from '../../../src/shared/schemas/settings'

function withSettings(edit: (s: Settings) => Settings = (s) => s): void {
  const base = defaultSettings()
  const custom = { ...base.profiles[0]!, id: 'p1', name: 'Mine', kind: 'custom' as const, baseUrl: 'http://127.0.0.1:1' }
  app.setSettings(settingsSchema.parse(edit({ ...base, profiles: [...base.profiles, custom], activeProfileId: 'p1' })))
}

describe('the speaker key', () => {
  it('a settings save that changes nothing the profile speaks starts nothing anew; a new base URL or profile does', () => {
    withSettings()
    const seen: string[] = []
    const stop = $effect.root(() => {
      $effect(() => {
        seen.push(app.speakerKey)
      })
    })
    try {
      flushSync()
      expect(seen).toHaveLength(1)
      // saved again: a new object with the same profile, a new theme, another profile's label
      withSettings((s) => ({ ...s, theme: 'dark' }))
      withSettings((s) => ({ ...s, profiles: s.profiles.map((p) => (p.id === 'p1' ? p : { ...p, name: `${p.name} (renamed)` })) }))
      flushSync()
      expect(seen).toHaveLength(1)
      withSettings((s) => ({ ...s, profiles: s.profiles.map((p) => (p.id === 'p1' ? { ...p, baseUrl: 'http://127.0.0.1:2' } : p)) }))
      flushSync()
      expect(seen).toHaveLength(2)
      expect(seen[1]).toContain('http://127.0.0.1:2')
      withSettings((s) => ({ ...s, activeProfileId: s.profiles[0]!.id }))
      flushSync()
      expect(seen).toHaveLength(3)
      expect(new Set(seen).size).toBe(3)
    } finally {
      stop()
    }
  })
})
