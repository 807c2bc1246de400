// What to say when Detect service recognised nothing: if no try got an answer at all because the host name
// could not be looked up or the network is down, listing "what answered" misleads (nothing did), and the
// person's next step is the connection or the proxy, not the URL's service.
import type { DialectProbeTry } from '@shared/contract'

/** Node's and Chromium's words for a name that could not be looked up or a network that is not there. */
const NO_NETWORK = /ENOTFOUND|EAI_AGAIN|ERR_NAME_NOT_RESOLVED|ERR_INTERNET_DISCONNECTED|ENETUNREACH|ERR_NETWORK_CHANGED|ERR_PROXY_CONNECTION_FAILED|ERR_TUNNEL_CONNECTION_FAILED/

/** True when every try failed before any service could answer: offline, or a proxy in the way. */
export function noNetwork(tried: readonly DialectProbeTry[]): boolean {
  return tried.length > 0 && tried.every((t) => !t.recognised && NO_NETWORK.test(t.answer))
}
