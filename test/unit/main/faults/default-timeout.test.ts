// A slow service is not a broken one: 10 s of latency under the default 15 s timeout still answers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { dispatch } from '../../../../src/main/ipc/dispatch'
import { createAppContext } from '../../../../src/main/app-context'
import type { Simulator } from '../../../support/simulator'
import type { Sourced } from '../../../../src/shared/contract'
import type { Result } from '../../../../src/shared/errors'
import { confFactory, startSim, tempDir } from './rig'
import { testDemo } from '../../../support/demo-plan'

let sim: Simulator
beforeAll(async () => {
  sim = await startSim()
})
afterAll(async () => {
  await sim.close()
})

describe('latency within the default timeout', () => {
  it('a 10 s answer arrives under the default 15 s profile timeout', async () => {
    const context = await createAppContext({ demo: testDemo(), dataDir: tempDir(), storeFactory: confFactory, shell: 'harness', version: 't', broadcast: () => undefined, watch: { enabled: false } })
    // No timeoutMs given: the profile gets the default.
    const settings = context.settings.saveProfile({ id: 'slow', name: 'Slow', baseUrl: sim.baseUrl, rpcUrls: [sim.rpcUrl] })
    expect(settings.profiles.find((p) => p.id === 'slow')?.timeoutMs).toBe(15_000)
    context.settings.activate('slow')
    sim.setFaults('queryChainList', { latencyMs: 10_000 })
    const started = Date.now()
    const result = (await dispatch(context.handlers, 'chains:list', { prefer: 'network' }, { emit: () => undefined })) as Result<Sourced<unknown[]>>
    expect(Date.now() - started).toBeGreaterThanOrEqual(9_900)
    expect(result.ok && result.value.source).toBe('network')
    expect(result.ok && result.value.data.length).toBeGreaterThan(0)
    await context.dispose()
  })
})
