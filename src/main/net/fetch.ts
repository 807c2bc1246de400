// How main reaches the network. Each process chooses one fetch at its entry point and hands it down through
// constructors, so every request it makes (the query service, the nodes, icon hosts, webhooks) takes the same
// road:
//   - the Electron app (index.ts): Electron's `net.fetch`, i.e. Chromium's network stack, so the system proxy
//     settings, PAC scripts and the OS certificate store apply as they do in the user's browser;
//   - the CLI, the headless watcher and the browser harness: `networkFromEnv` (./env-proxy.ts), which honours
//     HTTP_PROXY, HTTPS_PROXY and NO_PROXY as command-line tools do;
//   - tests may pass their own. A module given none uses Node's fetch, direct.
// No module-level default is ever set: a global would let one process's choice leak into another's code.

/**
 * The part of the Fetch API main uses: what ky, the icon service and webhooks call. It is exactly what
 * Electron's `net.fetch` accepts (no URL objects), so the app hands that function over as it is.
 */
export type Fetch = (input: string | Request, init?: RequestInit) => Promise<Response>

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
