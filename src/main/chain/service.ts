// The app's chain checks: a transfer's detail and the token list from the query service (cached copies
// first), each leg checked on its chain with the active profile's own RPCs winning, unless the profile has
// checks turned off. One checker per profile: its memory of answers never crosses to another network.
import { AppError } from '@shared/errors'
import { chainCheckSettings, type TransferCheck } from '@shared/chain-check'
import type { Profile } from '@shared/schemas/settings'
import type { TokenList, TransferDetail } from '@shared/schemas/wire'
import type { Fetch } from '../net'
import { ChainChecker } from './checker'
import { checkTransfer } from './transfer'

export const CHECKS_OFF_MESSAGE = 'Chain checks are off for this profile (Settings → Chain checks).'

export interface ChainCheckDeps {
  activeProfile: () => Profile
  transfer: (txHash: string) => Promise<TransferDetail>
  tokens: () => Promise<TokenList | null>
  fetch?: Fetch
  /** per request; the profile's timeout unless said */
  timeoutMs?: number
}

export class ChainCheckService {
  private readonly checkers = new Map<string, ChainChecker>()
  constructor(private readonly deps: ChainCheckDeps) {}

  async check(txHash: string): Promise<TransferCheck> {
    const profile = this.deps.activeProfile()
    const settings = chainCheckSettings(profile)
    if (!settings.enabled) throw new AppError({ kind: 'input', message: CHECKS_OFF_MESSAGE })
    const [detail, tokens] = await Promise.all([this.deps.transfer(txHash), this.deps.tokens()])
    return checkTransfer(this.checker(profile), detail, tokens, settings.rpc)
  }

  private checker(profile: Profile): ChainChecker {
    let checker = this.checkers.get(profile.id)
    if (!checker) {
      checker = new ChainChecker({ timeoutMs: this.deps.timeoutMs ?? profile.timeoutMs, ...(this.deps.fetch ? { fetch: this.deps.fetch } : {}) })
      this.checkers.set(profile.id, checker)
    }
    return checker
  }
}
