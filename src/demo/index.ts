// The demo network: a deterministic bridge query service, JSON-RPC nodes and TSS cross-chain API on
// 127.0.0.1, for the app's demo profile, `bridgescope sim` and the tests (which add their own gate of faults
// and controls: test/support/simulator.ts). See core.ts for the error conventions it uses.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { SimCore } from './core'
import { DEMO_MOTION } from './motion'
import { createDemoHandler, LAGGING_RPC_PATH } from './server'
import { TssSim } from './tss'
import type { MotionOptions } from './motion'
import type { KeepersMotion } from './keepers'
import type { DemoGate } from './server'
import type { TssSimOptions } from './tss'
import type { Simulator } from './types'

export type { SimOperation, SimSample, Simulator } from './types'
export type { TssSimOptions } from './tss'
export type { DemoGate, Exchange } from './server'
export { EXTRA_CHAIN_ID as DEMO_TSS_EXTRA_CHAIN_ID } from './tss'
export { MAX_PAGE_SIZE, SimCore, apiError, type ApiOperation, type RpcId } from './core'
export { NAMED_AMOUNT } from './transfer'
export { MAP_CHAIN_ID } from './catalog'
export { DEMO_MOTION, type MotionOptions } from './motion'

const MAX_TRANSFERS = 2_000_000

export interface SimOptions {
  /** 0 / undefined = random free port */
  port?: number
  /** default 1; same seed (and same `now`) → byte-identical data */
  seed?: number
  /** default 5000, up to 2,000,000; records are generated lazily from their index */
  transfers?: number
  /** share of all transfers sent by the busiest address (see DatasetOptions.heavyShare) */
  heavyShare?: number
  /** default 90: timestamps spread over the last N days before `now` at start */
  days?: number
  /** default 'usdt' → wire field `usdtValume` */
  stableSymbol?: string
  /** scheduled vault rotation while running; default 600_000; null = off */
  rotateEveryMs?: number | null
  /** default 'array' */
  vaultShape?: 'array' | 'object' | 'unknown'
  /** clock, default Date.now */
  now?: () => number
  /**
   * a network that moves: the busiest address gains transfers while it is read, arrivals settle over time, and
   * a second node (laggingRpcUrl) lags each rotation and sometimes fails. true: the demo's own settings.
   * Default off: a still world, for tests that count exactly.
   */
  motion?: boolean | MotionOptions
  /**
   * default 'story': the keepers' two-minute cycle (a node down, a scanner lagging, slash points rising, the vault
   * short on Bsc and back), which the demo shows on a first run whatever `motion` says; 'still': every node up and
   * in step, nothing an operator is alerted to changes (the idle measures: a watch's CPU while nothing changes)
   */
  keepers?: KeepersMotion
  /** the TSS cross-chain API's scanner stalls (see tss.ts) */
  tss?: TssSimOptions
  /** what stands between a request and its answer: none in the demo a user runs (a test rig's faults) */
  gate?: (core: SimCore) => DemoGate
}

export async function startSimulator(opts: SimOptions = {}): Promise<Simulator> {
  const seed = opts.seed ?? 1
  const transfers = opts.transfers ?? 5000
  if (!Number.isInteger(transfers) || transfers < 0 || transfers > MAX_TRANSFERS) {
    throw new RangeError(`transfers must be a whole number from 0 to ${MAX_TRANSFERS}`)
  }
  const now = opts.now ?? Date.now
  // Listen first: the catalog names its icons at the simulator's own origin, so the port must be known.
  const server = createServer()
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(opts.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject)
      resolve()
    })
  })
  const port = (server.address() as AddressInfo).port
  const baseUrl = `http://127.0.0.1:${port}`
  let core: SimCore
  try {
    core = new SimCore({
      iconOrigin: baseUrl,
      seed,
      transfers,
      days: opts.days ?? 90,
      ...(opts.heavyShare === undefined ? {} : { heavyShare: opts.heavyShare }),
      stableSymbol: opts.stableSymbol ?? 'usdt',
      vaultShape: opts.vaultShape ?? 'array',
      now,
      ...(opts.motion ? { motion: opts.motion === true ? DEMO_MOTION : opts.motion } : {}),
      ...(opts.keepers ? { keepers: opts.keepers } : {})
    })
  } catch (error) {
    server.close()
    throw error
  }
  // the TSS API tells each transfer as the query service does (the network's motion included)
  await core.keepers.listen()
  const tss = new TssSim(core.dataset, now, opts.tss, (i) => core.transfer(i))
  const handler = createDemoHandler(core, tss, now, opts.gate ? opts.gate(core) : null)
  server.on('request', (req, res) => handler.handle(req, res))

  const every = opts.rotateEveryMs === undefined ? 600_000 : opts.rotateEveryMs
  const rotation = every !== null && every > 0 ? setInterval(() => core.vault.rotate(), every) : null
  // The schedule must not keep a process alive on its own.
  rotation?.unref()

  let closing: Promise<void> | null = null
  return {
    baseUrl,
    rpcUrl: `${baseUrl}/rpc`,
    laggingRpcUrl: `${baseUrl}${LAGGING_RPC_PATH}`,
    motion: Boolean(opts.motion),
    tssUrl: baseUrl,
    tss: { chainIds: () => tss.chainIds(), stalled: () => tss.stalled() },
    port,
    close() {
      closing ??= new Promise<void>((resolve) => {
        if (rotation) clearInterval(rotation)
        core.keepers.close()
        handler.abandon()
        server.close(() => resolve())
        server.closeAllConnections()
      })
      return closing
    },
    sample: () => core.sample()
  }
}
