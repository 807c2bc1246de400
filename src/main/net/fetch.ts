// How main reaches the network. Each process chooses one fetch at its entry point and hands it down through
// constructors, so every request it makes (the query service, the nodes, icon hosts, webhooks) takes the same
// road:
//   - the Electron app (index.ts): Electron's `net.fetch`, i.e. Chromium's network stack, so the system proxy
//     settings, PAC scripts and the OS certificate store apply as they do in the user's browser;
//   - the CLI, the headless watcher and the browser harness: `networkFromEnv` (./env-proxy.ts), which honours
//     HTTP_PROXY, HTTPS_PROXY and NO_PROXY as command-line tools do;
//   - tests may pass their own. A module given none uses Node's fetch, direct.
// No module-level default is ever set: a global would let one process's choice leak into another's code.
import type { AddressPolicy, AddressSpace } from './address-policy'

/**
 * The part of the Fetch API main uses: what the client's HTTP layer, the icon service and webhooks call. It is
 * exactly what Electron's `net.fetch` accepts (no URL objects), so the app hands that function over as it is.
 * A network may add `send`, the same road without the Fetch API's objects (./send.ts), and `within`, the same
 * road with every connection's DNS answer held to an address space (./guarded.ts).
 */
export type Fetch = ((input: string | Request, init?: RequestInit) => Promise<Response>) & {
  readonly send?: Send
  /** this network, but a connection whose host resolves anywhere more private than `ceiling` fails */
  readonly within?: (ceiling: AddressSpace, policy: AddressPolicy) => Fetch
}

/** One request as the client's HTTP layer (../client/http.ts) sends it: a whole text body or none. */
export interface Outgoing {
  url: string
  method: 'GET' | 'POST'
  headers: Readonly<Record<string, string>>
  body?: string
  /** ends the exchange: its deadline passed or its caller gave up */
  signal: AbortSignal
}

/** One answer as that layer reads it: the status line and headers, then the body chunk by chunk. */
export interface Incoming {
  readonly status: number
  readonly statusText: string
  /** a header's value (a repeated one joined as the network's own fetch joins it), or null */
  header(name: string): string | null
  /** the body's next bytes, decoded from any content coding as fetch decodes them; null at its end */
  read(): Promise<Uint8Array | null>
  /** gives up the rest of the body and lets the connection go */
  cancel(): void
}

/** Sends one request and resolves with its answer once the headers are in (fetch's moment too). */
export type Send = (request: Outgoing) => Promise<Incoming>

/** A fetch with a lifetime: `close()` lets go of its connections, including any a deadline gave up on. */
export interface Network {
  readonly fetch: Fetch
  close(): Promise<void>
}

/**
 * The innermost `cause` of a failed fetch, where the reason is. Node's fetch says only "fetch failed" and
 * nests the reason, at times two deep: a proxy's refusal of a tunnel (407) arrives as undici's error inside
 * a DOMException "Request was cancelled." inside the TypeError.
 */
export function rootCause(error: unknown): unknown {
  let e = error
  for (let depth = 0; depth < 8 && e instanceof Error && e.cause !== undefined && e.cause !== e; depth++) e = e.cause
  return e
}
