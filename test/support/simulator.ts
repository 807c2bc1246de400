// The demo network as tests run it: the same network a user runs, with the rig's gate of faults and controls
// in front (fault-gate.ts). Tests import the simulator from here, never the demo's own entry, so that what
// the product ships never carries them.
import { startSimulator as startDemo, type SimOptions, type Simulator as DemoNetwork } from '../../src/demo/index'
import { createFaultGate, type SimControl } from './fault-gate'

export {
  DEMO_MOTION,
  DEMO_TSS_EXTRA_CHAIN_ID,
  MAP_CHAIN_ID,
  MAX_PAGE_SIZE,
  NAMED_AMOUNT,
  type MotionOptions,
  type SimOperation,
  type SimOptions,
  type SimSample,
  type TssSimOptions
} from '../../src/demo/index'
export type { FaultSpec, SimStats } from './faults'
export { SIM_OPERATIONS, faultSpecSchema, faultRequestSchema } from './faults'
export type { SimControl } from './fault-gate'

/** a demo network a test can break, hold, rotate and count */
export type Simulator = DemoNetwork & SimControl

export async function startSimulator(opts: Omit<SimOptions, 'gate'> = {}): Promise<Simulator> {
  let control: SimControl | null = null
  const sim = await startDemo({
    ...opts,
    gate: (core) => {
      const rig = createFaultGate(core, opts.seed ?? 1, opts.now ?? Date.now)
      control = rig.control
      return rig.gate
    }
  })
  if (!control) throw new Error('the demo network started without its test gate')
  return Object.assign(sim, control as SimControl)
}
