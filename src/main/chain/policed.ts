// The one way a checker is wired, in the app and on the command line: RPC URLs the service's records name go
// through the address policy (no more private than where the service itself answers, no redirects); the
// user's own RPCs (Settings, --chain-rpc) go as typed.
import { AddressPolicy, serviceNamedFetch, type Fetch } from '../net'
import { ChainChecker, type RpcOverrides } from './checker'

export interface CheckerWiring {
  /** the process's way to the network; Node's fetch unless said */
  fetch?: Fetch | undefined
  /** the address policy (a test's resolver); the system's DNS unless said */
  addressPolicy?: AddressPolicy | undefined
  /** per request; the checker's own default unless said */
  timeoutMs?: number | undefined
  /** where the service answers (its base and tokens URLs) */
  serviceUrls: () => Promise<readonly string[]>
  /** the user's own RPCs per chain id, read at each request (Settings may change them) */
  userRpc: () => RpcOverrides
}

export function policedChecker(w: CheckerWiring): ChainChecker {
  const fetch = serviceNamedFetch(w.fetch ?? globalThis.fetch, {
    policy: w.addressPolicy ?? new AddressPolicy(),
    service: w.serviceUrls,
    userTyped: () => Object.values(w.userRpc())
  })
  return new ChainChecker({ fetch, ...(w.timeoutMs ? { timeoutMs: w.timeoutMs } : {}) })
}
