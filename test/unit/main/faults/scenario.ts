// One fault against every operation, through the handler table: with nothing cached the user gets a typed
// error naming the operation and nothing reaches the cache; with a cached copy the copy is served, with the
// error alongside, and the cache is left byte for byte as it was.
import { expect } from 'vitest'
import type { FaultSpec, SimOperation, Simulator } from '../../../support/simulator'
import { describeError, type AppErrorData, type ErrorKind } from '../../../../src/shared/errors'
import type { Sourced } from '../../../../src/shared/contract'
import { OPERATIONS as ALL_OPERATIONS, openRig } from './rig'

export interface Expectation {
  kind: ErrorKind
  code?: number
  message?: RegExp
}

export interface ScenarioOptions {
  /** the profile's timeout; 1 s keeps latency and hang cases fast */
  timeoutMs?: number
  operations?: readonly SimOperation[]
}

export async function runFaultScenario(
  sim: Simulator,
  spec: FaultSpec,
  expected: (op: SimOperation) => Expectation,
  options: ScenarioOptions = {}
): Promise<void> {
  const OPERATIONS = options.operations ?? ALL_OPERATIONS
  const rig = await openRig(sim, options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs })
  try {
    // 1. Nothing cached: a typed error, and the cache stays empty.
    sim.setFaults('*', spec)
    const cold = await Promise.all(OPERATIONS.map((op) => rig.request(op)))
    OPERATIONS.forEach((op, i) => {
      const result = cold[i]
      expect(result?.ok, `${op} should fail`).toBe(false)
      if (result && !result.ok) expectError(result.error, op, expected(op))
    })
    expect(rig.cacheFiles().size).toBe(0)
    expect(rig.context.cache.stats().entries).toBe(0)

    // 2. Healthy again: fill the cache. A healthy answer is not a race with the short limit the faults are
    // tried with: on a busy machine it may take longer, so this phase waits a minute.
    sim.clearFaults()
    rig.setTimeoutMs(60_000)
    const warm = await Promise.all(OPERATIONS.map((op) => rig.request(op)))
    rig.setTimeoutMs(options.timeoutMs ?? 1000)
    for (const r of warm) expect(r.ok && r.value.source).toBe('network')
    const before = rig.cacheFiles()
    expect(before.size).toBe(OPERATIONS.length)

    // 3. Faulty again: the cached copy is served, the error rides along, the cache is untouched.
    sim.setFaults('*', spec)
    const offline = await Promise.all(OPERATIONS.map((op) => rig.request(op)))
    OPERATIONS.forEach((op, i) => {
      const result = offline[i]
      expect(result?.ok, `${op} should fall back to the cache`).toBe(true)
      if (!result?.ok) return
      const value: Sourced<unknown> = result.value
      expect(value.source).toBe('cache')
      expect(value.stale).toBe(true)
      expect(value.data).toEqual(warm[i]?.ok ? warm[i].value.data : undefined)
      expect(value.error).toBeDefined()
      if (value.error) expectError(value.error, op, expected(op))
    })
    // prefer 'cache' answers from the copy without asking the network at all
    const cached = await Promise.all(OPERATIONS.map((op) => rig.request(op, 'cache')))
    for (const r of cached) expect(r.ok && r.value.source === 'cache' && r.value.error === undefined).toBe(true)
    expect(rig.cacheFiles()).toEqual(before)
  } finally {
    sim.clearFaults()
    await rig.close()
  }
}

function expectError(error: AppErrorData, op: SimOperation, want: Expectation): void {
  expect(error.kind, `${op}: ${error.message}`).toBe(want.kind)
  expect(error.operation).toBe(op)
  expect(describeError(error)).toContain(op)
  if (want.code !== undefined) expect(error.code).toBe(want.code)
  if (want.message) expect(error.message).toMatch(want.message)
}
