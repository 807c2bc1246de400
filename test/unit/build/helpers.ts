// Offline readers for the packaging files: YAML, PNG/ICO/ICNS headers, Apple plist XML.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { inflateSync } from 'node:zlib'
import { fileURLToPath } from 'node:url'

export const ROOT = join(fileURLToPath(new URL('.', import.meta.url)), '..', '..', '..')
export const rootPath = (...parts: string[]): string => join(ROOT, ...parts)

const require = createRequire(import.meta.url)
// js-yaml 4 ships no type declarations; this is the one function the tests use.
const yaml = require('js-yaml') as { load(src: string, opts?: { filename?: string }): unknown }

export function loadYaml(relPath: string): unknown {
  return yaml.load(readFileSync(rootPath(relPath), 'utf8'), { filename: relPath })
}

export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

/** Follows a path of keys, failing loudly on the first missing or non-object step. */
export function at(obj: unknown, ...path: (string | number)[]): unknown {
  let cur = obj
  for (const key of path) {
    if (typeof key === 'number') {
      if (!Array.isArray(cur)) throw new Error(`expected an array before [${key}]`)
      cur = cur[key]
    } else {
      if (!isRecord(cur)) throw new Error(`expected an object before .${key}`)
      cur = cur[key]
    }
  }
  return cur
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

export interface PngInfo {
  width: number
  height: number
  bitDepth: number
  colourType: number
}

/** Reads a PNG's IHDR (which must be the first chunk). */
export function readPng(buf: Buffer): PngInfo {
  if (buf.length < 33 || !buf.subarray(0, 8).equals(PNG_SIGNATURE)) throw new Error('not a PNG')
  if (buf.toString('latin1', 12, 16) !== 'IHDR' || buf.readUInt32BE(8) !== 13)
    throw new Error('IHDR is not first')
  return {
    width: buf.readUInt32BE(16),
    height: buf.readUInt32BE(20),
    bitDepth: buf.readUInt8(24),
    colourType: buf.readUInt8(25)
  }
}

export interface IcoEntry {
  /** 0 in the directory means 256 */
  width: number
  height: number
  bitCount: number
  size: number
  offset: number
  /** the image itself, decoded from its PNG header (PNG entries) or its BITMAPINFOHEADER */
  imageWidth: number
  imageHeight: number
  png: boolean
}

export function readIco(buf: Buffer): IcoEntry[] {
  if (buf.readUInt16LE(0) !== 0 || buf.readUInt16LE(2) !== 1)
    throw new Error('not an ICO (reserved 0, type 1)')
  const count = buf.readUInt16LE(4)
  const entries: IcoEntry[] = []
  for (let i = 0; i < count; i++) {
    const e = 6 + 16 * i
    const width = buf.readUInt8(e) || 256
    const height = buf.readUInt8(e + 1) || 256
    const size = buf.readUInt32LE(e + 8)
    const offset = buf.readUInt32LE(e + 12)
    if (offset + size > buf.length) throw new Error(`ICO entry ${i} runs past the end of the file`)
    const data = buf.subarray(offset, offset + size)
    const png = data.subarray(0, 8).equals(PNG_SIGNATURE)
    let imageWidth: number
    let imageHeight: number
    if (png) {
      ;({ width: imageWidth, height: imageHeight } = readPng(data))
    } else {
      imageWidth = data.readInt32LE(4)
      imageHeight = data.readInt32LE(8) / 2 // XOR mask + AND mask
    }
    entries.push({
      width,
      height,
      bitCount: buf.readUInt16LE(e + 6),
      size,
      offset,
      imageWidth,
      imageHeight,
      png
    })
  }
  return entries
}

export interface IcnsElement {
  type: string
  length: number
  data: Buffer
}

export function readIcns(buf: Buffer): IcnsElement[] {
  if (buf.toString('latin1', 0, 4) !== 'icns') throw new Error('not an ICNS (magic)')
  if (buf.readUInt32BE(4) !== buf.length) throw new Error('ICNS length field does not match the file size')
  const elements: IcnsElement[] = []
  let pos = 8
  while (pos < buf.length) {
    if (pos + 8 > buf.length) throw new Error('truncated ICNS element header')
    const type = buf.toString('latin1', pos, pos + 4)
    const length = buf.readUInt32BE(pos + 4)
    if (length < 8 || pos + length > buf.length) throw new Error(`bad length for ICNS element ${type}`)
    elements.push({ type, length, data: buf.subarray(pos + 8, pos + length) })
    pos += length
  }
  return elements
}

export type PlistValue = boolean | string | number | PlistValue[] | { [key: string]: PlistValue }

/**
 * Parses an Apple XML property list (the subset entitlements use: dict, array, key, string, integer,
 * real, true, false), checking that the XML is well formed. Throws on anything else.
 */
export function parsePlist(xml: string): PlistValue {
  const body = xml
    .replace(/^\uFEFF?<\?xml[^?]*\?>/, '')
    .replace(/<!DOCTYPE plist[^>]*>/, '')
    .replace(/<!--[\s\S]*?-->/g, '')
  const tokens = body.match(/<[^>]*>|[^<]+/g) ?? []
  let i = 0
  const next = (): string => {
    while (i < tokens.length && /^\s*$/.test(tokens[i] ?? '')) i++
    const t = tokens[i++]
    if (t === undefined) throw new Error('unexpected end of plist')
    return t
  }
  const textUntil = (close: string): string => {
    let text = ''
    while (tokens[i] !== undefined && !tokens[i]?.startsWith('<')) text += tokens[i++]
    const end = tokens[i++]
    if (end !== close) throw new Error(`expected ${close}, got ${end ?? 'end of input'}`)
    if (/[<&](?!amp;|lt;|gt;|quot;|apos;)/.test(text)) throw new Error('unescaped character in text')
    return text
  }
  const value = (open: string): PlistValue => {
    switch (open) {
      case '<true/>':
        return true
      case '<false/>':
        return false
      case '<string>':
        return textUntil('</string>')
      case '<integer>': {
        const t = textUntil('</integer>').trim()
        if (!/^-?\d+$/.test(t)) throw new Error(`bad integer ${t}`)
        return Number(t)
      }
      case '<real>':
        return Number(textUntil('</real>'))
      case '<array>': {
        const out: PlistValue[] = []
        for (let t = next(); t !== '</array>'; t = next()) out.push(value(t))
        return out
      }
      case '<dict>': {
        const out: Record<string, PlistValue> = {}
        for (let t = next(); t !== '</dict>'; t = next()) {
          if (t !== '<key>') throw new Error(`expected <key> in dict, got ${t}`)
          const key = textUntil('</key>')
          if (key in out) throw new Error(`duplicate key ${key}`)
          out[key] = value(next())
        }
        return out
      }
      default:
        throw new Error(`unsupported or malformed element ${open}`)
    }
  }
  const root = next()
  if (!/^<plist version="1\.0">$/.test(root)) throw new Error(`expected <plist version="1.0">, got ${root}`)
  const result = value(next())
  if (next() !== '</plist>') throw new Error('expected </plist>')
  if (tokens.slice(i).some((t) => !/^\s*$/.test(t))) throw new Error('content after </plist>')
  return result
}

/** Decodes an 8-bit RGBA, non-interlaced PNG to its raw pixels (what resvg writes). */
export function decodeRgbaPng(buf: Buffer): { width: number; height: number; pixels: Buffer } {
  const { width, height, bitDepth, colourType } = readPng(buf)
  if (bitDepth !== 8 || colourType !== 6 || buf.readUInt8(28) !== 0)
    throw new Error('only 8-bit RGBA, non-interlaced')
  const idat: Buffer[] = []
  for (let pos = 8; pos < buf.length;) {
    const len = buf.readUInt32BE(pos)
    if (buf.toString('latin1', pos + 4, pos + 8) === 'IDAT') idat.push(buf.subarray(pos + 8, pos + 8 + len))
    pos += 12 + len
  }
  const raw = inflateSync(Buffer.concat(idat))
  const stride = width * 4
  const pixels = Buffer.alloc(stride * height)
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1))
    for (let x = 0; x < stride; x++) {
      const a = x >= 4 ? (pixels[y * stride + x - 4] ?? 0) : 0
      const b = y > 0 ? (pixels[(y - 1) * stride + x] ?? 0) : 0
      const c = x >= 4 && y > 0 ? (pixels[(y - 1) * stride + x - 4] ?? 0) : 0
      let pred = 0
      if (filter === 1) pred = a
      else if (filter === 2) pred = b
      else if (filter === 3) pred = (a + b) >> 1
      else if (filter === 4) {
        const p = a + b - c
        const pa = Math.abs(p - a)
        const pb = Math.abs(p - b)
        const pc = Math.abs(p - c)
        pred = pa <= pb && pa <= pc ? a : pb <= pc ? b : c
      } else if (filter !== 0) throw new Error(`bad PNG filter ${String(filter)}`)
      pixels[y * stride + x] = ((line[x] ?? 0) + pred) & 0xff
    }
  }
  return { width, height, pixels }
}
