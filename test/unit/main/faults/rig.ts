// A real app context (stores, DiskCache, services, handler table) on a temporary data folder, pointed at
// its own simulator through a custom profile, driven through dispatch() exactly as IPC drives it.
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Conf from 'conf'
import { createAppContext, type AppContext } from '../../../../src/main/app-context'
import { dispatch } from '../../../../src/main/ipc/dispatch'
import { startSimulator, type SimOperation, type Simulator } from '../../../support/simulator'
import type { Result } from '../../../../src/shared/errors'
import type { Sourced } from '../../../../src/shared/contract'
import { testDemo, type TestDemoOptions } from '../../../support/demo-plan'

export const OPERATIONS: readonly SimOperation[] = ['queryHistory', 'queryBridgeInfo', 'queryTokenList', 'queryChainList', 'tss_getVault']

export function tempDir(prefix = 'bs-faults-'): string {
  return mkdtempSync(join(tmpdir(), prefix))
}

export const confFactory = ({ cwd, name }: { cwd: string; name: string }) =>
  new Conf<Record<string, unknown>>({ cwd, configName: name, clearInvalidConfig: false })

/**
 * The app context tests build: conf-backed stores on `dataDir`, the harness shell, no background watcher
 * (tests that count cache entries and requests must not race it), the demo network as given.
 */
export function testContext(dataDir: string, demo: TestDemoOptions = { transfers: 300, rotateEveryMs: null }): Promise<AppContext> {
  return createAppContext({ dataDir, storeFactory: confFactory, shell: 'harness', version: 'test', broadcast: () => undefined, demo: testDemo(demo), watch: { enabled: false } })
}

export async function startSim(): Promise<Simulator> {
  return startSimulator({ seed: 11, transfers: 400, rotateEveryMs: null })
}

export interface Rig {
  context: AppContext
  dataDir: string
  call(channel: string, input?: unknown): Promise<Result<unknown>>
  /** the IPC call that makes the app run `op` */
  request(op: SimOperation, prefer?: 'cache' | 'network'): Promise<Result<Sourced<unknown>>>
  /** the profile's timeout from now on: healthy phases wait as long as a busy machine needs */
  setTimeoutMs(ms: number): void
  /** cache file path → content, to prove a failure wrote nothing */
  cacheFiles(): Map<string, string>
  close(): Promise<void>
}

export async function openRig(sim: Simulator, opts: { timeoutMs?: number; dataDir?: string } = {}): Promise<Rig> {
  const dataDir = opts.dataDir ?? tempDir()
  const context = await createAppContext({ demo: testDemo(),
    dataDir,
    storeFactory: confFactory,
    shell: 'harness',
    version: '0.0.0-test',
    broadcast: () => undefined,
    // the watcher would poll and cache vault snapshots of its own; these tests count what the faults leave
    watch: { enabled: false }
  })
  context.settings.saveProfile({ id: 'sim', name: 'Simulator', baseUrl: sim.baseUrl, rpcUrls: [sim.rpcUrl], timeoutMs: opts.timeoutMs ?? 1000, maxPageSize: 100 })
  context.settings.activate('sim')
  const sample = sim.sample()
  const who = sample.addresses[0]
  const tx = sample.txHashes[0]
  if (!who || !tx) throw new Error('the simulator sample is empty')
  const call = (channel: string, input?: unknown) => dispatch(context.handlers, channel, input, { emit: () => undefined })
  const inputs: Record<SimOperation, [string, Record<string, unknown>]> = {
    queryHistory: ['history:page', { address: who.address, chainId: who.chainId, pageNo: 1, pageSize: 10 }],
    queryBridgeInfo: ['transfer:get', { txHash: tx }],
    queryTokenList: ['tokens:list', {}],
    queryChainList: ['chains:list', {}],
    tss_getVault: ['vault:get', { epoch: 'latest' }]
  }
  return {
    context,
    dataDir,
    call,
    setTimeoutMs: (ms) => {
      context.settings.saveProfile({ id: 'sim', name: 'Simulator', baseUrl: sim.baseUrl, rpcUrls: [sim.rpcUrl], timeoutMs: ms, maxPageSize: 100 })
    },
    request: (op, prefer = 'network') => {
      const [channel, input] = inputs[op]
      return call(channel, { ...input, prefer }) as Promise<Result<Sourced<unknown>>>
    },
    cacheFiles: () => {
      const out = new Map<string, string>()
      const walk = (dir: string): void => {
        let names: string[]
        try {
          names = readdirSync(dir)
        } catch {
          return
        }
        for (const name of names) {
          const path = join(dir, name)
          if (statSync(path).isDirectory()) walk(path)
          else out.set(path, readFileSync(path, 'utf8'))
        }
      }
      walk(join(dataDir, 'cache'))
      return out
    },
    close: () => context.dispose()
  }
}
