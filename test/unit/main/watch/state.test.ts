// The watcher's memory on disk: keyed by Map (so a profile id like __proto__ is an ordinary key) and written only when something
// changed (an idle watcher should not wear the disk).
import { readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { startSimulator, type Simulator } from '../../../support/simulator'
import { WatchState } from '../../../../src/main/watch/state'
import { rig, simClient, tempDir } from './helpers'

let sims: Simulator[] = []
afterEach(async () => {
  await Promise.all(sims.map((s) => s.close()))
  sims = []
})

describe('watch state', () => {
  it('profile ids that name Object.prototype members are ordinary keys, in memory and across a restart', async () => {
    const dir = tempDir()
    const state = await WatchState.open(dir)
    for (const id of ['toString', 'hasOwnProperty', 'valueOf', '__defineGetter__']) {
      expect(state.wasAnnounced(id, 'x')).toBe(false)
      state.markAnnounced(id, `event-${id}`)
    }
    await state.save()
    const again = await WatchState.open(dir)
    for (const id of ['toString', 'hasOwnProperty', 'valueOf', '__defineGetter__']) expect(again.wasAnnounced(id, `event-${id}`)).toBe(true)
    expect(({} as Record<string, unknown>).announced).toBeUndefined()
  })

  it('a state file with "__proto__" and "constructor" profiles opens without touching any prototype', async () => {
    const dir = tempDir()
    writeFileSync(join(dir, 'state.json'), '{"version":1,"profiles":{"__proto__":{"announced":["a"]},"constructor":{"announced":["b"]}}}')
    const state = await WatchState.open(dir)
    expect(state.wasAnnounced('constructor', 'b')).toBe(true)
    expect(state.wasAnnounced('demo', 'a')).toBe(false)
    expect(({} as Record<string, unknown>).announced).toBeUndefined()
  })

  it('polls that change nothing write nothing; answer times alone are written at most every 10 minutes; a change writes at once', async () => {
    const s = await startSimulator({ seed: 3, transfers: 50, rotateEveryMs: null })
    sims.push(s)
    const dir = tempDir()
    let t = 1_000_000
    const r = await rig({ dir, client: simClient(s.baseUrl, [s.rpcUrl]), rpcUrls: [s.rpcUrl], now: () => t })
    await r.watcher.recheck() // baseline: written once
    const file = join(dir, 'watch', 'state.json')
    const stamp = () => {
      const info = statSync(file)
      return `${info.ino}:${info.mtimeMs}`
    }
    const first = stamp()
    const text = readFileSync(file, 'utf8')
    for (let i = 0; i < 5; i++) {
      t += 60_000 // a poll a minute: five minutes of nothing new
      await r.watcher.recheck()
    }
    expect(stamp()).toBe(first)
    expect(readFileSync(file, 'utf8')).toBe(text)
    t += 6 * 60_000 // past ten minutes: the answer times are brought up to date once
    await r.watcher.recheck()
    const refreshed = stamp()
    expect(refreshed).not.toBe(first)
    t += 60_000
    await r.watcher.recheck()
    expect(stamp()).toBe(refreshed)
    s.rotateVault()
    t += 60_000
    await r.watcher.recheck()
    expect(stamp()).not.toBe(refreshed)
    expect(readFileSync(file, 'utf8')).toContain(`"epoch":"${s.sample().epochs.at(-1)}"`)
  })
})
