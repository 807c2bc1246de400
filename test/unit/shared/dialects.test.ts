// Butter's preset names its tokens API beside its app API: the probe asks that one when the form gives none.
import { describe, expect, it } from 'vitest'
import { DIALECT_PRESETS, presetTokensUrl } from '../../../src/shared/dialects'

describe("the tokens API of Butter's preset", () => {
  const butter = DIALECT_PRESETS.find((p) => p.dialect === 'butter')!

  it('is found from its app URL, written with or without a trailing slash or capitals', () => {
    for (const url of [butter.baseUrl, `${butter.baseUrl}/`, ` ${butter.baseUrl.toUpperCase()}// `]) expect(presetTokensUrl(url)).toBe(butter.tokensUrl)
  })

  it('is not found for any other URL: Bridge Scan’s preset, a path under the host, another host', () => {
    const scan = DIALECT_PRESETS.find((p) => p.dialect === 'mapscan')!
    for (const url of [scan.baseUrl, `${butter.baseUrl}/api`, 'http://127.0.0.1:8080']) expect(presetTokensUrl(url)).toBeNull()
  })
})
