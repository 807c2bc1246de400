// The network room's front door: the one way the process reaches the network. The app passes Electron's
// net.fetch (system proxy, PAC, OS certificates; src/main/index.ts) through chromiumNetwork, which sends a URL a
// service named down the roads the session's proxy answer names, each one Node's (the direct one pinned to the
// policy's addresses), and follows the query service's redirects under the policy; the CLI and the browser
// shell pass networkFromEnv, which honours HTTP_PROXY, HTTPS_PROXY and NO_PROXY as other command-line tools do.
// A URL a service named goes through serviceNamedFetch, under the address policy.
export { networkFromEnv, type Env } from './env-proxy'
export { rootCause, type Fetch, type Incoming, type Network, type Outgoing, type Send } from './fetch'
export { AddressPolicy, classifyAddress, systemLookup, type AddressClass, type AddressPolicyOptions, type AddressSpace, type Lookup } from './address-policy'
export { serviceNamedFetch, type ServiceNamed } from './guarded'
export { chromiumNetwork, nodeAndSystemCertificates, type ChromiumParts } from './chromium-road'
export { electronHop } from './electron-hop'
export { proxyEntries, type ProxyEntry } from './pac'
