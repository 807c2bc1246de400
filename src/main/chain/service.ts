// The app's chain checks: a transfer's detail, the token list and the chain list from the query service
// (cached copies first), each leg checked on its chain with the active profile's own RPCs winning over the
// chain list's, unless the profile has checks turned off. A detail that is not about the hash asked is not
// checked: the check says the service contradicts itself. One checker per profile: its memory of answers never crosses to another network.
import { AppError } from '@shared/errors'
import { redactText } from '@shared/redact'
import { chainCheckSettings, type TransferCheck } from '@shared/chain-check'
import { rowCheckOf, type RowCheck } from '@shared/chain-word'
import type { Profile } from '@shared/schemas/settings'
import type { ChainRecord, TokenList, TransferDetail } from '@shared/schemas/wire'
import { transferOfDetail, type ModelLeg } from '@shared/transfer'
import type { AddressPolicy, Fetch } from '../net'
import type { ChainChecker } from './checker'
import type { BlockLeg, BlockTimeAnswer } from './block-times'
import { policedChecker } from './policed'
import { checkTransfer } from './transfer'

/** transfers checked at once for the table's rows: each is a detail read and a few RPC calls per leg */
const ROW_CONCURRENCY = 4

export const CHECKS_OFF_MESSAGE = 'Chain checks are off for this profile (Settings → Chain checks).'

export interface ChainCheckDeps {
  activeProfile: () => Profile
  transfer: (txHash: string) => Promise<TransferDetail>
  tokens: () => Promise<TokenList | null>
  /** the service's chain list: each chain's RPC and bridge contract, the anchors a check trusts; null when unreadable */
  chains: () => Promise<readonly ChainRecord[] | null>
  fetch?: Fetch
  /** per request; the profile's timeout unless said */
  timeoutMs?: number
  /**
   * Where the active profile's service answers (its base and tokens URLs; the demo network's for the demo
   * profile): an RPC URL the service names may lead no more privately than that. The profile's URLs unless said.
   */
  serviceUrls?: () => Promise<readonly string[]>
  /** the address policy (a test's resolver); the system's DNS unless said */
  addressPolicy?: AddressPolicy
}

export class ChainCheckService {
  private readonly checkers = new Map<string, ChainChecker>()
  constructor(private readonly deps: ChainCheckDeps) {}

  async check(txHash: string): Promise<TransferCheck> {
    const profile = this.deps.activeProfile()
    const settings = chainCheckSettings(profile)
    if (!settings.enabled) throw new AppError({ kind: 'input', message: CHECKS_OFF_MESSAGE })
    const [detail, lists] = await Promise.all([this.deps.transfer(txHash), this.lists()])
    return checkTransfer(this.checker(profile), detail, lists, settings.rpc, { hash: txHash })
  }

  /** A detail already read (the watcher's: this service is the app's watch chain check): null when the active profile has chain checks off. */
  async checkDetail(detail: TransferDetail): Promise<TransferCheck | null> {
    const profile = this.deps.activeProfile()
    const settings = chainCheckSettings(profile)
    if (!settings.enabled) return null
    return checkTransfer(this.checker(profile), detail, await this.lists(), settings.rpc)
  }

  /**
   * When the source and destination legs were mined, by their blocks at the heights the detail names, on the RPCs a
   * check would ask; null when the profile has chain checks off (its RPCs are then asked nothing).
   */
  async blockTimes(detail: TransferDetail): Promise<BlockTimeAnswer[] | null> {
    const profile = this.deps.activeProfile()
    const settings = chainCheckSettings(profile)
    if (!settings.enabled) return null
    const chains = await this.deps.chains()
    const { source, destination } = transferOfDetail(detail).legs
    const asked = (role: BlockLeg['role'], l: ModelLeg): BlockLeg[] =>
      l.chainId === null || l.height === null
        ? []
        : [{ role, chainId: l.chainId, chainName: l.chainName ?? `Chain ${l.chainId}`, height: l.height, serviceRpc: chains?.find((c) => c.chainId === l.chainId)?.rpc ?? null }]
    return this.checker(profile).blockTimes([...asked('Source', source), ...asked('Destination', destination)], settings.rpc)
  }

  private async lists(): Promise<{ tokens: TokenList | null; chains: readonly ChainRecord[] | null }> {
    const [tokens, chains] = await Promise.all([this.deps.tokens(), this.deps.chains()])
    return { tokens, chains }
  }

  /**
   * The table's rows in view, a few at a time: each row's word (chain-word.ts: what the Transfer view writes for it), or why it could not be checked.
   * One row failing (the service does not know it, an RPC is down) costs only its own cell.
   */
  async checkRows(txHashes: readonly string[]): Promise<RowCheck[]> {
    const profile = this.deps.activeProfile()
    if (!chainCheckSettings(profile).enabled) throw new AppError({ kind: 'input', message: CHECKS_OFF_MESSAGE })
    const unique = [...new Set(txHashes)]
    const out = new Map<string, RowCheck>()
    let next = 0
    const worker = async (): Promise<void> => {
      while (next < unique.length) {
        const txHash = unique[next++]!
        try {
          out.set(txHash, { ...rowCheckOf(await this.check(txHash)), txHash })
        } catch (error) {
          out.set(txHash, { txHash, word: null, text: `Not checked: ${error instanceof Error ? redactText(error.message) : String(error)}` })
        }
      }
    }
    await Promise.all(Array.from({ length: Math.min(ROW_CONCURRENCY, unique.length) }, worker))
    return txHashes.map((h) => out.get(h)!)
  }

  private checker(profile: Profile): ChainChecker {
    let checker = this.checkers.get(profile.id)
    if (!checker) {
      checker = policedChecker({
        fetch: this.deps.fetch,
        addressPolicy: this.deps.addressPolicy,
        timeoutMs: this.deps.timeoutMs ?? profile.timeoutMs,
        serviceUrls: this.deps.serviceUrls ?? (() => Promise.resolve([profile.baseUrl, profile.tokensUrl ?? ''].filter((u) => u !== ''))),
        userRpc: () => chainCheckSettings(this.deps.activeProfile()).rpc
      })
      this.checkers.set(profile.id, checker)
    }
    return checker
  }
}
