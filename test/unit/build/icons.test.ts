// The committed icons: formats and sizes, parsed from their headers (no image library needed).
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { decodeRgbaPng, readIcns, readIco, readPng, rootPath } from './helpers'

const read = (name: string): Buffer => readFileSync(rootPath('resources', name))

describe('resources/icon.svg', () => {
  const svg = read('icon.svg').toString('utf8')
  it('is the 1024-unit square source', () => {
    expect(svg).toMatch(/<svg[^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/)
    expect(svg).toMatch(/viewBox="0 0 1024 1024"/)
    expect(svg).not.toMatch(/<(script|image|text|foreignObject)\b/)
  })
})

describe('resources/icon.png', () => {
  it('is a square RGBA PNG of 512 or 1024 pixels', () => {
    const png = readPng(read('icon.png'))
    expect([512, 1024]).toContain(png.width)
    expect(png.height).toBe(png.width)
    expect(png).toMatchObject({ bitDepth: 8, colourType: 6 })
  })
})

describe('resources/icon.ico', () => {
  const entries = readIco(read('icon.ico'))

  it('holds 16 to 256 pixel images, 256 included', () => {
    const sizes = entries.map((e) => e.width)
    for (const s of [16, 24, 32, 48, 64, 128, 256]) expect(sizes).toContain(s)
    expect(Math.max(...sizes)).toBe(256)
  })

  it('each directory entry matches its image', () => {
    for (const e of entries) {
      expect(e.height).toBe(e.width)
      expect(e.imageWidth).toBe(e.width)
      expect(e.imageHeight).toBe(e.height)
      expect(e.bitCount).toBe(32)
    }
  })

  it('images do not overlap', () => {
    const sorted = [...entries].sort((a, b) => a.offset - b.offset)
    for (let i = 1; i < sorted.length; i++) {
      const prev = sorted[i - 1]
      const cur = sorted[i]
      if (prev && cur) expect(cur.offset).toBeGreaterThanOrEqual(prev.offset + prev.size)
    }
  })
})

describe('resources/icon.icns', () => {
  const elements = readIcns(read('icon.icns'))
  /** ICNS types that hold PNG data, and their pixel size */
  const PNG_TYPES: Record<string, number> = {
    icp4: 16,
    icp5: 32,
    icp6: 64,
    ic07: 128,
    ic08: 256,
    ic09: 512,
    ic10: 1024,
    ic11: 32,
    ic12: 64,
    ic13: 256,
    ic14: 512
  }

  it('has the header and element lengths right (parsed without error) and no duplicate types', () => {
    const types = elements.map((e) => e.type)
    expect(new Set(types).size).toBe(types.length)
  })

  it('covers 16 to 1024 pixels, with the Retina variants', () => {
    const types = elements.map((e) => e.type)
    for (const t of ['icp4', 'icp5', 'ic07', 'ic08', 'ic09', 'ic10', 'ic11', 'ic12', 'ic13', 'ic14']) {
      expect(types).toContain(t)
    }
  })

  it('each element is a PNG of the size its type says', () => {
    for (const e of elements) {
      const expected = PNG_TYPES[e.type]
      expect(expected, `unexpected element type ${e.type}`).toBeDefined()
      const png = readPng(e.data)
      expect([png.width, png.height]).toEqual([expected, expected])
    }
  })
})

describe('scripts/make-icons.js', () => {
  it('the committed icons are what the SVG makes now', () => {
    const out = mkdtempSync(join(tmpdir(), 'bridgescope-icons-'))
    try {
      execFileSync(process.execPath, [rootPath('scripts/make-icons.js'), out], {
        stdio: 'pipe',
        timeout: 120_000
      })
      const fresh = (name: string): Buffer => readFileSync(join(out, name))
      // Same pixels (within rounding: the rasteriser may differ by a unit across CPUs), same layout.
      const a = decodeRgbaPng(read('icon.png'))
      const b = decodeRgbaPng(fresh('icon.png'))
      expect([b.width, b.height]).toEqual([a.width, a.height])
      let off = 0
      for (let i = 0; i < a.pixels.length; i++) {
        if (Math.abs((a.pixels[i] ?? 0) - (b.pixels[i] ?? 0)) > 2) off++
      }
      expect(off, 'resources/icon.png is stale: run npm run icons').toBeLessThan(a.pixels.length / 1000)
      expect(readIco(fresh('icon.ico')).map((e) => e.width)).toEqual(
        readIco(read('icon.ico')).map((e) => e.width)
      )
      expect(readIcns(fresh('icon.icns')).map((e) => e.type)).toEqual(
        readIcns(read('icon.icns')).map((e) => e.type)
      )
    } finally {
      rmSync(out, { recursive: true, force: true })
    }
  })
})
