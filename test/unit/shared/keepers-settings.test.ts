// Keeper settings are optional profile fields: every settings file stored before them still loads unchanged,
// and a profile without them reads mainnet's contracts and the code's health port.
import { describe, expect, it } from 'vitest'
import { defaultSettings, profileSchema, settingsPatchSchema, settingsSchema } from '@shared/schemas/settings'
import { keeperSettings, MAINNET_KEEPER_CONTRACTS } from '@shared/keepers'

const OLD_PROFILE = {
  id: 'mainnet',
  name: 'MAP mainnet',
  kind: 'custom',
  baseUrl: 'https://bridge.example/',
  rpcUrls: ['https://rpc.maplabs.io'],
  timeoutMs: 15000,
  maxPageSize: 100,
  chainCheck: { enabled: true, rpc: { '56': 'https://bsc.example/' } }
}

describe('keeper settings in a profile', () => {
  it('a settings file written before them loads as it was, and reads the defaults', () => {
    const stored = { ...defaultSettings(), profiles: [...defaultSettings().profiles, OLD_PROFILE] }
    const loaded = settingsSchema.parse(JSON.parse(JSON.stringify(stored)))
    expect(loaded.profiles.at(-1)).toEqual(OLD_PROFILE)
    expect(keeperSettings(loaded.profiles.at(-1)!)).toEqual({
      ...MAINNET_KEEPER_CONTRACTS,
      healthPort: 6040,
      thresholdPct: '1'
    })
    expect(keeperSettings(null).healthPort).toBe(6040)
  })

  it('a profile sets any of them; the rest stay the defaults', () => {
    const p = profileSchema.parse({
      ...OLD_PROFILE,
      keepers: { maintainers: `0x${'1'.repeat(40)}`, healthPort: 7040 }
    })
    expect(keeperSettings(p)).toMatchObject({
      maintainers: `0x${'1'.repeat(40)}`,
      tssManager: MAINNET_KEEPER_CONTRACTS.tssManager,
      healthPort: 7040
    })
  })

  it('a bad value is refused naming the field', () => {
    for (const keepers of [{ maintainers: '0x12' }, { healthPort: 70000 }, { thresholdPct: '150' }]) {
      const r = profileSchema.safeParse({ ...OLD_PROFILE, keepers })
      expect(r.success).toBe(false)
      expect(r.error?.issues[0]?.path.slice(0, 2)).toEqual(['keepers', Object.keys(keepers)[0]])
    }
  })
})

describe("the keepers' watch in settings", () => {
  it('is off by default, also in a settings file written before it, with the stale and lag defaults', () => {
    const loaded = settingsSchema.parse(JSON.parse(JSON.stringify({ ...defaultSettings(), keepersWatch: undefined })))
    expect(loaded.keepersWatch).toEqual({ maintainers: false, solvency: false, intervalSec: 60, heartbeatStaleSec: 300, maxScannerLag: 10 })
  })

  it('a patch names only what changes; a bad value is refused naming the field', () => {
    expect(settingsPatchSchema.parse({ keepersWatch: { maintainers: true } })).toEqual({ keepersWatch: { maintainers: true } })
    for (const keepersWatch of [{ intervalSec: 1 }, { heartbeatStaleSec: 10 }, { maxScannerLag: -1 }, { solvency: 'yes' }, { other: true }]) {
      const r = settingsPatchSchema.safeParse({ keepersWatch })
      expect(r.success, JSON.stringify(keepersWatch)).toBe(false)
      expect(r.error?.issues[0]?.path[0]).toBe('keepersWatch')
    }
  })
})
