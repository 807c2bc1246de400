// One side of decode_vs_native, in a process of its own: the other side's objects, shapes and optimised
// code never share a heap with it (see bench/decode.ts).
//   node out/bench/decode-child.js <ours|native> <bodies file: a JSON array of body texts>
// Prints {records} once the bodies are read; then, for each line on stdin, runs its side once and prints
// {cpuMs, wallMs}: a full collection and a pause first, and the CPU (user + system, every thread of this
// process) read only after a pause that lets the run's background work (optimising compiles, concurrent
// marking and sweeping) finish, with the process otherwise idle.
import { readFileSync } from 'node:fs'
import { createInterface } from 'node:readline'
import { SIDES, type Side } from './lib/decode-sides'
import { collectGarbage } from './lib/stats'

const SETTLE_MS = 60
const [sideArg = '', file = ''] = process.argv.slice(2)
if (!(sideArg in SIDES)) throw new Error(`unknown side ${sideArg}`)
const run = SIDES[sideArg as Side]
const bodies = JSON.parse(readFileSync(file, 'utf8')) as string[]
const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, SETTLE_MS))

process.stdout.write(`${JSON.stringify({ records: run(bodies) })}\n`)
for await (const _ of createInterface({ input: process.stdin })) {
  collectGarbage()
  await settle()
  const c0 = process.cpuUsage()
  const t0 = performance.now()
  run(bodies)
  const wallMs = performance.now() - t0
  await settle()
  const c = process.cpuUsage(c0)
  process.stdout.write(`${JSON.stringify({ cpuMs: (c.user + c.system) / 1000, wallMs })}\n`)
}
