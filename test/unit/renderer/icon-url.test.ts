// The one icon-URL rule for the renderer. Every remote icon becomes a request to the app's own origin
// (ICON_PATH?src=…), which main answers; the page itself never addresses another host.
import { describe, expect, it } from 'vitest'
import { iconUrl } from '../../../src/renderer/src/lib/format'
import { ICON_PATH } from '../../../src/shared/icons'

describe('iconUrl', () => {
  it('https and the loopback demo become same-origin icon requests; the rest gets the fallback', () => {
    for (const src of ['https://files.example/eth.png', 'http://127.0.0.1:4000/icons/eth.png']) {
      const url = iconUrl(src)
      expect(url).toBe(`${ICON_PATH}?src=${encodeURIComponent(src)}`)
      // Relative to the page: resolves onto app://bridgescope or the harness origin, never the icon's host.
      expect(new URL(url ?? '', 'app://bridgescope/index.html').host).toBe('bridgescope')
    }
    for (const src of ['http://evil.example/x.png', 'javascript:alert(1)', 'data:image/svg+xml,<svg/>', 'file:///etc/passwd', '', null, undefined, 'not a url']) {
      expect(iconUrl(src)).toBeNull()
    }
  })
})
