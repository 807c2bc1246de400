// The demo network: a deterministic bridge query service and JSON-RPC node on 127.0.0.1, with fault
// injection, for tests and the app's demo mode. See core.ts for the error conventions it uses.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { SimCore } from './core'
import { FaultTable, SIM_OPERATIONS } from './faults'
import { DEMO_MOTION } from './motion'
import { createSimHandler, LAGGING_RPC_PATH } from './server'
import { TssSim } from './tss'
import { createTssRoute } from './tss-route'
import type { FaultSpec, SimOperation, SimOptions, Simulator } from './types'

export type { FaultSpec, SimOperation, SimOptions, SimSample, SimStats, Simulator } from './types'
export type { TssSimOptions } from './tss'
export { EXTRA_CHAIN_ID as DEMO_TSS_EXTRA_CHAIN_ID } from './tss'
export { SIM_OPERATIONS, faultSpecSchema, faultRequestSchema } from './faults'
export { MAX_PAGE_SIZE } from './core'
export { NAMED_AMOUNT } from './transfer'
export { MAP_CHAIN_ID } from './catalog'
export { DEMO_MOTION, type MotionOptions } from './motion'

const MAX_TRANSFERS = 2_000_000

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
      ...(opts.motion ? { motion: opts.motion === true ? DEMO_MOTION : opts.motion } : {})
    })
  } catch (error) {
    server.close()
    throw error
  }
  const faults = new FaultTable(seed)
  const counts = Object.fromEntries(SIM_OPERATIONS.map((op) => [op, 0])) as Record<SimOperation, number>

  let handler: ReturnType<typeof createSimHandler> | null = null
  const control = {
    setFaults: (op: SimOperation | '*', spec: FaultSpec | null): void => faults.set(op, spec),
    clearFaults: (): void => faults.clear(),
    releaseHeld: (): number => handler?.release() ?? 0,
    rotateVault: (): { epoch: number; publicKey: string } => {
      const e = core.vault.rotate()
      return { epoch: e.epoch, publicKey: e.publicKey }
    },
    hold: (address: string, chainId: number, count: number): number => core.hold(address, chainId, count),
    arrive: (address: string, chainId: number, count: number): number => core.arrive(address, chainId, count),
    sample: () => core.sample(),
    stats: () => ({ requests: { ...counts }, held: handler?.held() ?? 0 })
  }

  handler = createSimHandler(core, faults, control, counts, now)
  const { handle, abandon } = handler
  const tss = new TssSim(core.dataset, now, opts.tss)
  const tssRoute = createTssRoute(tss, faults, now)
  server.on('request', (req, res) => {
    if (!tssRoute.handle(req, res)) handle(req, res)
  })

  const every = opts.rotateEveryMs === undefined ? 600_000 : opts.rotateEveryMs
  const rotation = every !== null && every > 0 ? setInterval(() => control.rotateVault(), every) : null
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
        abandon()
        tssRoute.abandon()
        server.close(() => resolve())
        server.closeAllConnections()
      })
      return closing
    },
    ...control
  }
}
