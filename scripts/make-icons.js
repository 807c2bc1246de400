#!/usr/bin/env node
// Makes the app icons from the one source, resources/icon.svg:
//   resources/icon.png   1024×1024 (Linux, and electron-builder's fallback)
//   resources/icon.ico   16, 24, 32, 48, 64, 128, 256 (Windows; PNG-compressed entries, Vista and later)
//   resources/icon.icns  16…1024 incl. @2x variants (macOS; PNG entries, 10.7 and later)
// Each size is rasterised from the SVG itself (not downscaled), with @resvg/resvg-js.
// Run with `npm run icons`; the outputs are committed, so builds do not need this script.
// `node scripts/make-icons.js OUT_DIR` writes the three files to OUT_DIR instead (the icon test uses it
// to check that the committed files are up to date with the SVG).
import { readFile, writeFile } from 'node:fs/promises'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import resvg from '@resvg/resvg-js'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const resources = join(root, 'resources')

export const PNG_SIZE = 1024
export const ICO_SIZES = [16, 24, 32, 48, 64, 128, 256]
/** ICNS element types that hold PNG data, with their pixel size. */
export const ICNS_TYPES = [
  ['icp4', 16],
  ['icp5', 32],
  ['ic11', 32], // 16@2x
  ['icp6', 64],
  ['ic12', 64], // 32@2x
  ['ic07', 128],
  ['ic13', 256], // 128@2x
  ['ic08', 256],
  ['ic14', 512], // 256@2x
  ['ic09', 512],
  ['ic10', 1024] // 512@2x
]

/** Rasterises the SVG to a PNG of size×size pixels. */
export function renderPng(svg, size) {
  const r = new resvg.Resvg(svg, {
    fitTo: { mode: 'width', value: size },
    font: { loadSystemFonts: false },
    shapeRendering: 2, // geometricPrecision: anti-aliased
    imageRendering: 0
  })
  const img = r.render()
  if (img.width !== size || img.height !== size) {
    throw new Error(`rendered ${img.width}×${img.height}, expected ${size}×${size}`)
  }
  return img.asPng()
}

/** An ICO file whose entries are PNG images (ICONDIR, ICONDIRENTRY[], then the PNG data). */
export function buildIco(pngs) {
  const count = pngs.length
  const header = Buffer.alloc(6 + 16 * count)
  header.writeUInt16LE(0, 0) // reserved
  header.writeUInt16LE(1, 2) // type 1 = icon
  header.writeUInt16LE(count, 4)
  let offset = header.length
  pngs.forEach(({ size, data }, i) => {
    const e = 6 + 16 * i
    header.writeUInt8(size >= 256 ? 0 : size, e) // 0 means 256
    header.writeUInt8(size >= 256 ? 0 : size, e + 1)
    header.writeUInt8(0, e + 2) // no palette
    header.writeUInt8(0, e + 3) // reserved
    header.writeUInt16LE(1, e + 4) // colour planes
    header.writeUInt16LE(32, e + 6) // bits per pixel
    header.writeUInt32LE(data.length, e + 8)
    header.writeUInt32LE(offset, e + 12)
    offset += data.length
  })
  return Buffer.concat([header, ...pngs.map((p) => p.data)])
}

/** An ICNS file: 'icns' + total length, then (type, length incl. 8-byte header, data) elements. */
export function buildIcns(elements) {
  const parts = elements.map(({ type, data }) => {
    const head = Buffer.alloc(8)
    head.write(type, 0, 4, 'latin1')
    head.writeUInt32BE(data.length + 8, 4)
    return Buffer.concat([head, data])
  })
  const body = Buffer.concat(parts)
  const head = Buffer.alloc(8)
  head.write('icns', 0, 4, 'latin1')
  head.writeUInt32BE(body.length + 8, 4)
  return Buffer.concat([head, body])
}

export async function makeIcons(outDir = resources, svgPath = join(resources, 'icon.svg')) {
  const svg = await readFile(svgPath)
  const cache = new Map()
  const png = (size) => {
    if (!cache.has(size)) cache.set(size, renderPng(svg, size))
    return cache.get(size)
  }
  const outputs = {
    'icon.png': png(PNG_SIZE),
    'icon.ico': buildIco(ICO_SIZES.map((size) => ({ size, data: png(size) }))),
    'icon.icns': buildIcns(ICNS_TYPES.map(([type, size]) => ({ type, data: png(size) })))
  }
  for (const [name, data] of Object.entries(outputs)) {
    await writeFile(join(outDir, name), data)
    console.log(`${relative(process.cwd(), join(outDir, name))}  ${data.length} bytes`)
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await makeIcons(process.argv[2] ?? resources)
}
