// The built preload forwards every contract channel and event, and carries no schemas: each window parses and
// runs it before its page's first script, and main validates every input anyway. (It was 190 KB of zod.)
import { readFileSync } from 'node:fs'
import { expect, it } from 'vitest'
import { CHANNELS, EVENTS, methodName } from '../../../src/shared/contract'

it('lists every channel and event of the contract, without zod', () => {
  const built = readFileSync('out/preload/index.cjs', 'utf8')
  for (const name of [...CHANNELS, ...EVENTS]) expect(built, name).toContain(JSON.stringify(name))
  expect(built).not.toMatch(/invalid_type|ZodError|zod/i)
  expect(built.length).toBeLessThan(10_000)
  // and the method names the renderer calls are derived the same way as before
  expect(methodName('history:loadAll')).toBe('historyLoadAll')
})
