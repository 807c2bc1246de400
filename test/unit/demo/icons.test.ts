// The demo network's chain and token icons are its own: every chainImg and img in its catalog points
// at the simulator's origin, and the simulator answers each of them with an SVG (no outside host at all).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSimulator, type Simulator } from '../../support/simulator'
import { post, type Envelope } from './helpers'

let sim: Simulator
beforeAll(async () => {
  sim = await startSimulator({ transfers: 50, rotateEveryMs: null })
})
afterAll(() => sim.close())

describe('demo network icons', () => {
  it('every chainImg and token img is on the simulator itself and answers 200 image/svg+xml', async () => {
    const chains = JSON.parse((await post(`${sim.baseUrl}/api/queryChainList`, {})).text) as Envelope<{ list: { chainImg: string }[] }>
    const tokens = JSON.parse((await post(`${sim.baseUrl}/api/queryTokenList`, {})).text) as Envelope<{ list: Record<string, { img: string }[]> }>
    const urls = new Set([...chains.data.list.map((c) => c.chainImg), ...Object.values(tokens.data.list).flat().map((t) => t.img)])
    expect(urls.size).toBeGreaterThan(10)
    for (const url of urls) {
      expect(url.startsWith(`${sim.baseUrl}/icons/`)).toBe(true)
      const res = await fetch(url)
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toBe('image/svg+xml')
      expect(await res.text()).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*>.*<\/svg>$/)
    }
  })

  it('names the catalog does not hold are 404, and the API keeps answering POST only', async () => {
    expect((await fetch(`${sim.baseUrl}/icons/tokens/nope.svg`)).status).toBe(404)
    expect((await fetch(`${sim.baseUrl}/icons/tokens/%3Cscript%3E.svg`)).status).toBe(404)
    expect((await fetch(`${sim.baseUrl}/icons/tokens/usdt.svg`, { method: 'POST' })).status).toBe(405)
    expect((await fetch(`${sim.baseUrl}/api/queryChainList`)).status).toBe(405)
  })
})
