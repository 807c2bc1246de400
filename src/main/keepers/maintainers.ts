// Who keeps the vault, from the relay chain: Maintainers.currentEpoch → getEpochInfo(epoch) (its blocks and
// maintainers) → getMaintainerInfos(maintainers) beside TSSManager.getTSSStatus(epoch) and
// batchGetSlashPoint(epoch, maintainers); then each maintainer's own node at its p2p address. Three batched
// rounds on the relay node, then every health server at once. What MAP's monitor reads the same way:
// mapprotocol/monitor@9eafe51ed99978b5b83ff594bffac9565dcaecc2:pkg/monitor/monitor.go (tssCheck).
import { getMaxListeners, setMaxListeners } from 'node:events'
import { AppError } from '@shared/errors'
import {
  statusName,
  MAINTAINER_STATUS,
  TSS_STATUS,
  type KeeperContracts,
  type KeepersReport,
  type MaintainerRow,
  type NodeHealth
} from '@shared/keepers'
import { remember, type HttpOptions } from '../client'
import {
  epochInfoSchema,
  maintainerInfosSchema,
  MAINTAINER_ABI,
  shaped,
  slashPointsSchema,
  TSS_MANAGER_ABI
} from '@shared/keepers-abi'
import { readContracts, type ContractRead, type ReadResult } from './eth-call'
import { readNodeHealth } from './health'

export interface KeepersOptions {
  relayRpc: string
  contracts: KeeperContracts
  /** the health servers' port; null: do not ask the nodes */
  healthPort: number | null
  http: HttpOptions
  /** the health servers' own deadline (a node down must not hold the round); the relay's when absent */
  healthTimeoutMs?: number
  /** a watch's round: each node's two status paths only (no /ping, no peer id) */
  lean?: boolean
  now?: () => number
}

function value<T>(r: ReadResult | undefined, read: (v: unknown) => T): T {
  if (r === undefined) throw new AppError({ kind: 'internal', message: 'a read went missing' })
  if (!r.ok) throw r.error
  return read(r.value)
}

/**
 * Last round's epoch and its maintainers, per relay node and contracts. A round's reads hang on each other (the
 * epoch names the record, the record names the maintainers), which took three round trips; asked with last
 * round's answers as the guess, they take one while the epoch holds, and the follow-ups are asked again only
 * when the guess was wrong (a new epoch). Bounded: a few profiles' worth.
 */
const lastEpochs = new Map<string, { epoch: bigint; maintainers: readonly string[] }>()
const LAST_EPOCHS_LIMIT = 16

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, i) => x.toLowerCase() === b[i]?.toLowerCase())
}

/** The epoch's maintainers with their records, slash points and nodes; what could not be read is said. */
export async function readKeepers(opts: KeepersOptions): Promise<KeepersReport> {
  const { relayRpc: url, contracts, http } = opts
  const problems: string[] = []
  const epochReads = (epoch: bigint): ContractRead[] => [
    { abi: MAINTAINER_ABI, address: contracts.maintainers, functionName: 'getEpochInfo', args: [epoch] },
    { abi: TSS_MANAGER_ABI, address: contracts.tssManager, functionName: 'getTSSStatus', args: [epoch] }
  ]
  const memberReads = (epoch: bigint, maintainers: readonly string[]): ContractRead[] => [
    { abi: MAINTAINER_ABI, address: contracts.maintainers, functionName: 'getMaintainerInfos', args: [maintainers] },
    { abi: TSS_MANAGER_ABI, address: contracts.tssManager, functionName: 'batchGetSlashPoint', args: [epoch, maintainers] }
  ]
  const key = `${url}|${contracts.maintainers}|${contracts.tssManager}`.toLowerCase()
  const guess = lastEpochs.get(key)
  const first = await readContracts(
    url,
    [
      { abi: MAINTAINER_ABI, address: contracts.maintainers, functionName: 'currentEpoch' },
      ...(guess ? [...epochReads(guess.epoch), ...memberReads(guess.epoch, guess.maintainers)] : [])
    ],
    'latest',
    http
  )
  const epoch = value(first[0], (v) => shaped(slashPointsSchema.element, v, 'currentEpoch'))
  const epochHeld = guess !== undefined && guess.epoch === epoch
  const [infoRead, tssRead] = epochHeld ? [first[1], first[2]] : await readContracts(url, epochReads(epoch), 'latest', http)
  const info = value(infoRead, (v) => shaped(epochInfoSchema, v, 'getEpochInfo'))
  let tssStatus: number | null = null
  try {
    tssStatus = value(tssRead, (v) =>
      typeof v === 'number' ? v : Number(shaped(slashPointsSchema.element, v, 'getTSSStatus'))
    )
  } catch (error) {
    problems.push(`TSSManager.getTSSStatus: ${(error as Error).message}`)
  }

  const [infosRead, slashRead] =
    epochHeld && sameList(guess.maintainers, info.maintainers)
      ? [first[3], first[4]]
      : await readContracts(url, memberReads(epoch, info.maintainers), 'latest', http)
  remember(lastEpochs, key, { epoch, maintainers: info.maintainers }, LAST_EPOCHS_LIMIT)
  const infos = value(infosRead, (v) => shaped(maintainerInfosSchema, v, 'getMaintainerInfos'))
  let slash: bigint[] | null = null
  try {
    slash = value(slashRead, (v) => shaped(slashPointsSchema, v, 'batchGetSlashPoint'))
    if (slash.length !== info.maintainers.length) {
      problems.push(
        `TSSManager.batchGetSlashPoint answered ${slash.length} points for ${info.maintainers.length} maintainers`
      )
      slash = null
    }
  } catch (error) {
    problems.push(`TSSManager.batchGetSlashPoint: ${(error as Error).message}`)
  }
  if (infos.length !== info.maintainers.length) {
    problems.push(
      `Maintainers.getMaintainerInfos answered ${infos.length} records for ${info.maintainers.length} maintainers`
    )
  }

  const port = opts.healthPort
  const healthHttp: HttpOptions = {
    ...http,
    ...(opts.healthTimeoutMs ? { timeoutMs: opts.healthTimeoutMs } : {})
  }
  // every node is asked at once under the caller's one signal: each request listens on it
  if (http.signal) setMaxListeners(Math.max(getMaxListeners(http.signal), infos.length * 4 + 10), http.signal)
  const nodes: (NodeHealth | null)[] =
    port === null
      ? infos.map(() => null)
      : await Promise.all(infos.map((m) => readNodeHealth(m.p2pAddress, port, healthHttp, opts.lean === true)))

  const maintainers: MaintainerRow[] = infos.map((m, i) => {
    // the epoch's list is the order slash points come in; a record is matched to it by its account
    const at = info.maintainers.findIndex((a) => a.toLowerCase() === m.account.toLowerCase())
    const points = slash !== null && at >= 0 ? slash[at] : undefined
    return {
      address: m.account,
      status: m.status,
      statusName: statusName(MAINTAINER_STATUS, m.status),
      lastHeartbeatTime: m.lastHeartbeatTime === 0n ? null : Number(m.lastHeartbeatTime),
      lastActiveEpoch: m.lastActiveEpoch.toString(),
      p2pAddress: m.p2pAddress,
      slashPoints: points === undefined ? null : points.toString(),
      node: nodes[i] ?? null
    }
  })
  return {
    relayRpc: url,
    contracts,
    epoch: epoch.toString(),
    epochInfo: {
      electedBlock: info.electedBlock.toString(),
      startBlock: info.startBlock.toString(),
      endBlock: info.endBlock.toString(),
      migratedBlock: info.migratedBlock.toString()
    },
    tssStatus,
    tssStatusName: tssStatus === null ? null : statusName(TSS_STATUS, tssStatus),
    maintainers,
    problems,
    readAt: (opts.now ?? Date.now)()
  }
}
