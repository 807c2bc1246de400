// The TSS watcher's saved state after the app shuts down: the last write lands, and nothing writes after it.
import { existsSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { TssWatchState } from '../../../../src/main/watch/tss-state'
import { tempDir } from './helpers'

describe('TssWatchState on shutdown', () => {
  it('writes its last state on close, and a poll that ends later writes nothing into the folder', async () => {
    const dir = tempDir()
    const state = await TssWatchState.open(dir)
    state.profile('demo')
    await state.close(1_000)
    const file = join(dir, 'tss-state.json')
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ version: 1, profiles: { demo: {} } })

    // the folder's owner removes it; a late poll changes the state and saves
    rmSync(dir, { recursive: true })
    state.profile('late')
    await state.save(2_000, true)
    expect(existsSync(dir)).toBe(false)
  })
})
