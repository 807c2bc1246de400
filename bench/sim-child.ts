// A demo network in its own process: the service under a history bench must not share the client's thread,
// as the real service never does. Prints {baseUrl, heavy} as one JSON line; ends when stdin closes. Its keepers
// stand still: the idle watch figures measure a watch while nothing changes, and the demo's keepers' story (a
// node down, the vault short and back, slash points rising) is news every round.
import { startSimulator } from '../test/support/simulator'
import { heaviest } from './lib/sim-body'

//   node out/bench/sim-child.js [transfers] [heavyShare]
const transfers = Number(process.argv[2] ?? 1_000_000)
const heavyShare = process.argv[3] ? Number(process.argv[3]) : undefined
const sim = await startSimulator({ seed: 1, transfers, rotateEveryMs: null, keepers: 'still', ...(heavyShare === undefined ? {} : { heavyShare }) })
process.stdout.write(`${JSON.stringify({ baseUrl: sim.baseUrl, rpcUrl: sim.rpcUrl, heavy: heaviest(sim) })}\n`)
const stop = (): void => {
  void sim.close().then(() => process.exit(0))
}
process.stdin.on('end', stop)
process.stdin.on('close', stop)
process.stdin.resume()
process.on('SIGTERM', stop)
