// Preloaded into tools that must not touch the network (node --import ./scripts/no-network.js ...): every outgoing
// connection fails at once, so a tool that "just checks for updates" falls back to its offline path instead
// of waiting on a closed network. Loopback stays allowed.
import net from 'node:net'
import tls from 'node:tls'

function isLoopback(host) {
  return host === 'localhost' || host === '127.0.0.1' || host === '::1'
}

function hostOf(args) {
  const first = args[0]
  if (first && typeof first === 'object') return first.host ?? first.hostname
  if (typeof first === 'number') return typeof args[1] === 'string' ? args[1] : undefined
  return undefined
}

for (const [mod, names] of [
  [net, ['connect', 'createConnection']],
  [tls, ['connect']]
]) {
  for (const name of names) {
    const original = mod[name]
    mod[name] = function blocked(...args) {
      const host = hostOf(args)
      const socketPath = typeof args[0] === 'string' || (args[0] && typeof args[0] === 'object' && args[0].path !== undefined)
      // Unix sockets and named pipes are not the network; loopback is the machine itself.
      if (socketPath || (host !== undefined && isLoopback(host))) return original.apply(this, args)
      throw new Error(`network access is disabled for this tool (${name} ${String(host)})`)
    }
  }
}
