import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import * as fsp from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { DiskCache } from '../../../../src/main/store/cache'

vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof fsp>()
  return { ...real, rename: vi.fn(real.rename) }
})

const schema = z.object({ n: z.int(), pad: z.string() })
const value = (n: number, size = 10) => ({ n, pad: 'x'.repeat(size) })

function dir(): string {
  return mkdtempSync(join(tmpdir(), 'bridgescope-cache-'))
}

afterEach(() => vi.restoreAllMocks())

describe('DiskCache', () => {
  it('returns what was written, per profile, and never mixes two profiles', async () => {
    const cache = await DiskCache.open(dir(), 1_000_000)
    await cache.put('a', 'tokens', value(1), schema, 100)
    await cache.put('b', 'tokens', value(2), schema, 200)
    expect(await cache.get('a', 'tokens', schema)).toEqual({ data: value(1), fetchedAt: 100 })
    expect(await cache.get('b', 'tokens', schema)).toEqual({ data: value(2), fetchedAt: 200 })
    expect(await cache.get('c', 'tokens', schema)).toBeNull()
  })

  it('refuses invalid data and keeps the previous copy', async () => {
    const cache = await DiskCache.open(dir(), 1_000_000)
    await cache.put('a', 'k', value(1), schema, 1)
    await expect(cache.put('a', 'k', { n: 'one' } as unknown as z.infer<typeof schema>, schema, 2)).rejects.toThrow(/Refused to cache k: n/)
    expect((await cache.get('a', 'k', schema))?.data).toEqual(value(1))
  })

  it('an interrupted write leaves the old copy whole, and the stray temporary file is cleaned up on open', async () => {
    const root = dir()
    const cache = await DiskCache.open(root, 1_000_000)
    await cache.put('a', 'k', value(1), schema, 1)
    const file = cache.pathFor('a', 'k')
    const before = readFileSync(file, 'utf8')
    // the process "dies" between writing the temporary file and renaming it over the target
    vi.mocked(fsp.rename).mockRejectedValueOnce(new Error('killed'))
    await expect(cache.put('a', 'k', value(2), schema, 2)).rejects.toThrow(/Could not write the cache/)
    expect(readFileSync(file, 'utf8')).toBe(before)
    // a crash that left a half-written temporary file behind
    writeFileSync(`${file}.tmp-999-deadbeef`, '{"key":"k","fetchedAt":3,"data":{"n":')
    const reopened = await DiskCache.open(root, 1_000_000)
    expect((await reopened.get('a', 'k', schema))?.data).toEqual(value(1))
    expect(readdirSync(join(root, 'a')).filter((n) => n.includes('.tmp-'))).toEqual([])
  })

  it('a cache file edited into garbage is dropped, not trusted', async () => {
    const cache = await DiskCache.open(dir(), 1_000_000)
    await cache.put('a', 'k', value(1), schema, 1)
    writeFileSync(cache.pathFor('a', 'k'), 'garbage{')
    expect(await cache.get('a', 'k', schema)).toBeNull()
    expect(cache.stats().entries).toBe(0)
  })

  it('holds its bound by evicting the least recently used entries', async () => {
    let t = 0
    const cache = await DiskCache.open(dir(), 2_000, () => ++t)
    for (let i = 0; i < 10; i++) await cache.put('a', `k${i}`, value(i, 300), schema, i)
    expect(cache.stats().bytes).toBeLessThanOrEqual(2_000)
    // k9 was written last, so it is kept; reading k9 makes it recent, so new writes evict others first
    expect(await cache.get('a', 'k9', schema)).not.toBeNull()
    expect(await cache.get('a', 'k0', schema)).toBeNull()
    await cache.put('a', 'k10', value(10, 300), schema, 10)
    await cache.put('a', 'k11', value(11, 300), schema, 11)
    expect(await cache.get('a', 'k9', schema)).not.toBeNull()
  })

  it('is cleared whole', async () => {
    const cache = await DiskCache.open(dir(), 1_000_000)
    await cache.put('a', 'k', value(1), schema, 1)
    await cache.clear()
    expect(cache.stats()).toMatchObject({ entries: 0, bytes: 0 })
    expect(await cache.get('a', 'k', schema)).toBeNull()
  })

  it('close waits for a write under way, and writes nothing after: the folder can go at once', async () => {
    const d = dir()
    const cache = await DiskCache.open(d, 1_000_000)
    await cache.put('a', 'old', value(0), schema, 1)
    let release!: () => void
    const gate = new Promise<void>((r) => (release = r))
    const real = vi.mocked(fsp.rename).getMockImplementation() as typeof fsp.rename
    vi.mocked(fsp.rename).mockImplementationOnce(async (from, to) => {
      await gate
      return real(from, to)
    })
    const writing = cache.put('a', 'k', value(1), schema, 2)
    let closed = false
    const closing = cache.close().then(() => (closed = true))
    await new Promise((r) => setTimeout(r, 50))
    expect(closed).toBe(false)
    release()
    await writing
    await closing
    // What was written before close is whole; nothing is created after it.
    expect((await cache.get('a', 'k', schema))?.data).toEqual(value(1))
    expect((await cache.get('a', 'old', schema))?.data).toEqual(value(0))
    rmSync(d, { recursive: true })
    await cache.put('a', 'late', value(2), schema, 3)
    expect(existsSync(d)).toBe(false)
  })
})
