// The demo network as tests give it to the app: the network a user runs, behind the test rig's gate (faults
// and the /__sim/* controls, fault-gate.ts), and no first-run watch so each test starts from an empty list.
import type { DemoNetworkPlan } from '../../src/shared/demo-network'
import { demoNetworkPlan, type DemoPlanOptions } from '../../src/demo/plan'
import { createFaultGate } from './fault-gate'

export type TestDemoOptions = Omit<DemoPlanOptions, 'gate'>

export function testDemo(options: TestDemoOptions = {}): DemoNetworkPlan {
  return demoNetworkPlan({
    watchOnFirstRun: false,
    ...options,
    gate: (core) => createFaultGate(core, options.seed ?? 1, options.now ?? Date.now).gate
  })
}
