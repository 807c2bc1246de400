// A command's chain checks (`transfer --verify`, `watch … --verify`): one checker for the whole command, so its
// memory of deep, confirmed legs saves asking again; the RPCs fixed when the command starts (the user's winning
// over the chain list's); the service's token and chain lists either given (read by the command, which says
// what it could not read) or read from the service once and kept, read again while unreadable. The watcher
// holds this object as its chain check: a watched transfer's check runs here, never in a shell's closure.
import type { TransferCheck } from '@shared/chain-check'
import type { ChainRecord, TokenList, TransferDetail } from '@shared/schemas/wire'
import type { ChainChecker, RpcOverrides } from './checker'
import { policedChecker, type CheckerWiring } from './policed'
import { checkTransfer, type TransferQuestion } from './transfer'

/** The service's lists a check is anchored on; null where one could not be read. */
export interface CheckLists {
  tokens: TokenList | null
  chains: readonly ChainRecord[] | null
}

/** Where the lists come from when a check is not given them: the service's client, which may lack either. */
export interface ListService {
  queryTokenList?: (() => Promise<TokenList>) | undefined
  queryChainList?: (() => Promise<readonly ChainRecord[]>) | undefined
}

export interface CommandChecksOptions extends Omit<CheckerWiring, 'serviceUrls' | 'userRpc'> {
  /** the user's own RPCs per chain id (the profile's and the flags') */
  rpc: RpcOverrides
  /** where the service answers: the RPCs its records name may lead no more privately */
  serviceUrls: readonly string[]
  /** the service whose lists a check reads when it is given none */
  service?: ListService
}

/** A list read once and kept; read again while it could not be read. */
function keptList<T>(read: (() => Promise<T>) | undefined): () => Promise<T | null> {
  let kept: Promise<T | null> | null = null
  return async () => {
    if (!read) return null
    kept ??= read().catch(() => null)
    const got = await kept
    if (got === null) kept = null
    return got
  }
}

export class CommandChecks {
  private readonly checker: ChainChecker
  private readonly tokens: () => Promise<TokenList | null>
  private readonly chains: () => Promise<readonly ChainRecord[] | null>

  constructor(private readonly opts: CommandChecksOptions) {
    this.checker = policedChecker({ ...opts, serviceUrls: () => Promise.resolve(opts.serviceUrls), userRpc: () => opts.rpc })
    const service = opts.service ?? {}
    this.tokens = keptList(service.queryTokenList?.bind(service))
    this.chains = keptList(service.queryChainList?.bind(service))
  }

  /** A detail checked against the lists given, the record first matched to what was asked. */
  checkWith(detail: TransferDetail, lists: CheckLists, asked: TransferQuestion | null = null): Promise<TransferCheck> {
    return checkTransfer(this.checker, detail, lists, this.opts.rpc, asked)
  }

  /** A detail checked against the service's lists (the watcher's check of each watched transfer). */
  async checkDetail(detail: TransferDetail): Promise<TransferCheck> {
    const [tokens, chains] = await Promise.all([this.tokens(), this.chains()])
    return this.checkWith(detail, { tokens, chains })
  }
}
