// What an error means to a person, and the one thing that can help. The service's own message stays as it
// was (errors.ts), for the details fold, logs and the CLI; this says in words what failed and offers only
// what can change the answer: Retry where the same request may answer differently (the network, a
// timeout, a busy service), Settings where a URL is missing or wrong, and the demo network as a way back
// to a working app. An input error is fixed in the input; asking again gives the same answer.
import type { AppErrorData } from './errors'

export type ErrorAction = 'retry' | 'settings' | null

export interface ErrorHelp {
  /** what went wrong, in a sentence */
  sentence: string
  /** the one action offered */
  action: ErrorAction
  /** whether the endpoint itself may be wrong or down: the demo network is offered as a way back */
  endpoint: boolean
}

const URL_FIELDS = new Set(['baseUrl', 'rpcUrl', 'rpcUrls', 'tssUrl', 'tokensUrl', 'url'])

function urlField(e: AppErrorData): boolean {
  return e.field !== undefined && URL_FIELDS.has(e.field.split('.')[0] ?? '')
}

/** Which service an operation talks to, for the sentence. */
function serviceOf(e: AppErrorData): string {
  const op = e.operation ?? ''
  const field = e.field?.split('.')[0]
  if (field === 'rpcUrl' || field === 'rpcUrls' || /^tss_|^eth_|^map_/.test(op) || e.kind === 'rpc')
    return 'the node (JSON-RPC)'
  if (field === 'baseUrl') return 'the query service'
  if (/^get(ChainTxHeight|RecordBy)/.test(op) || e.field === 'tssUrl') return "MAP's TSS API"
  if (field === 'tokensUrl') return 'the tokens API'
  if (op) return 'the query service'
  return 'the service'
}

/** "nothing answers at 127.0.0.1:59999" out of the network message, when it says so. */
function refusedAt(message: string): string | null {
  return /nothing answers at ([^:\s]+(?::\d+)?)/.exec(message)?.[1] ?? null
}

/** "port 9 is one the network stack refuses to connect to" out of the network message: the port. */
function refusedPort(message: string): string | null {
  return /port (\d+) is one the network stack refuses/.exec(message)?.[1] ?? null
}

export function errorHelp(e: AppErrorData): ErrorHelp {
  const service = serviceOf(e)
  switch (e.kind) {
    case 'input':
      if (urlField(e) && /\bno\b.*\bURL\b/i.test(e.message)) {
        return {
          sentence: `This profile has no URL for ${service}. Add one in Settings.`,
          action: 'settings',
          endpoint: true
        }
      }
      if (urlField(e))
        return {
          sentence: `The URL for ${service} is not usable: ${e.message}. Correct it in Settings.`,
          action: 'settings',
          endpoint: true
        }
      return { sentence: capitalise(e.message), action: null, endpoint: false }
    case 'network': {
      const port = refusedPort(e.message)
      if (port !== null)
        return {
          sentence: `Port ${port} is one the network stack refuses to connect to (it is kept for another protocol), so ${service} cannot be there: correct the URL in Settings.`,
          action: 'settings',
          endpoint: true
        }
      const at = refusedAt(e.message)
      return at
        ? {
            sentence: `Nothing answers at ${at}: ${service} is not running there, or the URL in Settings is wrong.`,
            action: 'settings',
            endpoint: true
          }
        : {
            sentence: `Could not reach ${service}: the network or the service is down.`,
            action: 'retry',
            endpoint: true
          }
    }
    case 'timeout':
      return { sentence: `${capitalise(service)} did not answer in time.`, action: 'retry', endpoint: true }
    case 'http': {
      const code = e.code ?? 0
      if (code === 429 || code >= 500)
        return {
          sentence: `${capitalise(service)} is busy or failing (HTTP ${code}).`,
          action: 'retry',
          endpoint: true
        }
      return {
        sentence: `${capitalise(service)} refused the request (HTTP ${code}): the URL may be wrong.`,
        action: 'settings',
        endpoint: true
      }
    }
    case 'protocol':
      return {
        sentence: `The answer did not come from ${service} as expected: the URL may point elsewhere.`,
        action: 'settings',
        endpoint: true
      }
    case 'api':
      return {
        sentence: `${capitalise(service)} answered: ${e.message.replace(/^the [A-Za-z ]+ answered code \d+: /, '')}`,
        action: null,
        endpoint: false
      }
    case 'rpc':
      return {
        sentence: `The node answered: ${e.message.replace(/^the node answered error(?: -?\d+)?: /, '')}.`,
        action: null,
        endpoint: false
      }
    case 'decode':
      return {
        sentence: `${capitalise(service)} answered in a shape this app cannot read.`,
        action: null,
        endpoint: true
      }
    case 'cancelled':
      return { sentence: 'The request was cancelled.', action: 'retry', endpoint: false }
    case 'storage':
      return {
        sentence: `The app could not read or write its files: ${e.message}`,
        action: null,
        endpoint: false
      }
    case 'internal':
      return { sentence: `Something went wrong inside the app: ${e.message}`, action: null, endpoint: false }
  }
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}
