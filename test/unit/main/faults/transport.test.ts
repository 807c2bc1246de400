// Faults on the way to the data: latency beyond the profile's timeout, a hang, 5xx, 429 and HTML error pages.
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { afterAll, beforeAll, describe, it } from 'vitest'
import type { Simulator } from '../../../support/simulator'
import { startSim } from './rig'
import { runFaultScenario } from './scenario'

setFlagsFromString('--expose-gc')
const gc = runInNewContext('gc') as () => void

let sim: Simulator
beforeAll(async () => {
  sim = await startSim()
})
afterAll(async () => {
  await sim.close()
})

describe('transport faults on every operation (profile timeout 1 s)', () => {
  it('10 s of latency is a timeout', async () => {
    await runFaultScenario(sim, { latencyMs: 10_000 }, () => ({ kind: 'timeout', message: /no complete answer within 1 s/ }))
  })

  it('a reply that starts and then drips one byte every 200 ms is a timeout at the limit, GC forced throughout', async () => {
    const collector = setInterval(gc, 50)
    try {
      await runFaultScenario(sim, { dripMs: 200 }, () => ({ kind: 'timeout', message: /no complete answer within 1 s/ }))
    } finally {
      clearInterval(collector)
    }
  })

  it('a hang is a timeout, not a frozen request', async () => {
    await runFaultScenario(sim, { hang: true }, () => ({ kind: 'timeout' }))
  })

  it('HTTP 500 (after the retries) is an http error with the status', async () => {
    await runFaultScenario(sim, { status: 500 }, () => ({ kind: 'http', code: 500, message: /HTTP 500/ }))
  })

  it('HTTP 429 (after honouring Retry-After) is an http error with the status', async () => {
    await runFaultScenario(sim, { status: 429 }, () => ({ kind: 'http', code: 429, message: /429/ }))
  })

  it("a proxy's HTML error page is a protocol error that says so", async () => {
    await runFaultScenario(sim, { html: true }, () => ({ kind: 'protocol', code: 502, message: /HTML page instead of JSON/ }))
  })
})
