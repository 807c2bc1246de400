// The test rig's gate in front of the demo network: the faults a test sets (latency, statuses, broken bodies,
// drips, holds), counted requests, and the /__sim/* control routes for a network run in another process
// (the browser harness, the bench). The demo a user runs has none of this.
import type { ServerResponse } from 'node:http'
import { z } from 'zod'
import { apiError, SimCore, type DemoGate, type Exchange, type SimOperation } from '../../src/demo/index'
import { writeJson } from '../../src/demo/json'
import { methodNotAllowed, send, sendStatus } from '../../src/demo/respond'
import { sendHtml502, sendTruncated, streamHuge, withOtherId, withWrongTypes } from './fault-bytes'
import { faultRequestSchema, FaultTable, SIM_OPERATIONS, type FaultSpec, type SimStats } from './faults'

/** What a test can do to a running demo network, in process or over /__sim/*. */
export interface SimControl {
  setFaults(op: SimOperation | '*', spec: FaultSpec | null): void
  clearFaults(): void
  /** answers every request a hang fault holds with its normal answer; returns how many */
  releaseHeld(): number
  /** new epoch now */
  rotateVault(): { epoch: number; publicKey: string }
  /** holds back the newest `count` transfers of an address on a chain; answers how many are held */
  hold(address: string, chainId: number, count: number): number
  /** up to `count` held-back transfers of an address on a chain arrive at its head; answers how many did */
  arrive(address: string, chainId: number, count: number): number
  stats(): SimStats
}

/** POST /__sim/hold and /__sim/arrive: a test holds back the newest transfers of a history, then lets them in */
const historyControlSchema = z.strictObject({
  address: z.string().regex(/^0x[0-9a-fA-F]{40}$/),
  chainId: z.int().positive(),
  count: z.int().min(0).max(1000).default(1)
})

const CONTROL_ROUTES = ['faults', 'clear', 'release', 'rotate', 'hold', 'arrive', 'sample', 'stats']

export function createFaultGate(core: SimCore, seed: number, now: () => number): { gate: DemoGate; control: SimControl } {
  const faults = new FaultTable(seed)
  const counts = Object.fromEntries(SIM_OPERATIONS.map((op) => [op, 0])) as Record<SimOperation, number>
  const served = Object.fromEntries(SIM_OPERATIONS.map((op) => [op, { requests: 0, ms: 0 }])) as SimStats['latencyServed']
  const timers = new Set<NodeJS.Timeout>()
  const hanging = new Set<ServerResponse>()
  /** hang-fault requests and how to answer each normally: a test holds a request pending, then lets it go */
  const held = new Map<ServerResponse, () => void>()

  const sleep = (ms: number): Promise<void> =>
    new Promise((resolve) => {
      const t = setTimeout(() => {
        timers.delete(t)
        resolve()
      }, ms)
      timers.add(t)
    })

  function hold(res: ServerResponse, answer: (() => void) | null): void {
    hanging.add(res)
    if (answer) held.set(res, answer)
    res.on('close', () => {
      hanging.delete(res)
      held.delete(res)
    })
  }

  const control: SimControl = {
    setFaults: (op, spec) => faults.set(op, spec),
    clearFaults: () => faults.clear(),
    releaseHeld() {
      const answers = [...held.entries()]
      held.clear()
      for (const [res, answer] of answers) {
        hanging.delete(res)
        if (!res.destroyed) answer()
      }
      return answers.length
    },
    rotateVault() {
      const e = core.vault.rotate()
      return { epoch: e.epoch, publicKey: e.publicKey }
    },
    hold: (address, chainId, count) => core.hold(address, chainId, count),
    arrive: (address, chainId, count) => core.arrive(address, chainId, count),
    stats: () => ({
      requests: { ...counts },
      held: held.size,
      latencyServed: Object.fromEntries(SIM_OPERATIONS.map((op) => [op, { ...served[op] }])) as SimStats['latencyServed']
    })
  }

  async function operation(x: Exchange): Promise<boolean> {
    const { op, path, res } = x
    counts[op] += 1
    const fault = faults.take(op)
    if (!fault) return false
    const isRpc = op === 'tss_getVault'
    // An answer is built during the latency, not after it: a service's time to answer includes building
    // the answer. Built after the wait, the simulator's own CPU time (2–3 ms for a history page of 100)
    // was added to the latency of every request and counted against the client in the "load all" bench.
    const answers = !fault.hang && fault.status === undefined && !fault.html && !fault.envelope && !(isRpc && fault.rpcError)
    const started = performance.now()
    const built = answers ? x.answer() : null
    if (fault.latencyMs) {
      await sleep(Math.max(0, fault.latencyMs - (performance.now() - started)))
      served[op].requests += 1
      served[op].ms += performance.now() - started
    }
    if (res.destroyed) return true
    if (fault.hang) {
      // Not answered until released (releaseHeld) or closed (close() destroys the socket).
      hold(res, () => send(res, 200, x.answer()))
      return true
    }
    if (fault.status !== undefined) return (sendStatus(res, fault.status, path, now()), true)
    if (fault.html) return (sendHtml502(res), true)
    if (fault.envelope) return (send(res, 200, apiError(fault.envelope.code, fault.envelope.message)), true)
    const id = isRpc ? SimCore.rpcId(x.body) : null
    if (isRpc && fault.rpcError) return (send(res, 200, writeJson({ jsonrpc: '2.0', id, error: fault.rpcError })), true)
    let text = built ?? x.answer()
    if (fault.hugeBodyMb) return (void hugeBody(res, op, text, fault.hugeBodyMb), true)
    if (fault.wrongTypes) text = withWrongTypes(text)
    if (isRpc && fault.badId) text = withOtherId(text, id)
    if (fault.truncate) return (sendTruncated(res, text), true)
    if (fault.dripMs) return (drip(res, text, fault.dripMs), true)
    send(res, 200, text)
    return true
  }

  /** Sends the headers, then one byte per interval until done or closed (close() ends it like a hang). */
  function drip(res: ServerResponse, text: string, everyMs: number): void {
    const body = Buffer.from(text, 'utf8')
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(body.length) })
    res.flushHeaders()
    hanging.add(res)
    let i = 0
    const tick = setInterval(() => {
      if (res.destroyed || i >= body.length) {
        clearInterval(tick)
        hanging.delete(res)
        if (!res.destroyed) res.end()
        return
      }
      res.write(body.subarray(i, i + 1))
      i += 1
    }, everyMs)
    res.on('close', () => {
      clearInterval(tick)
      hanging.delete(res)
    })
  }

  async function hugeBody(res: ServerResponse, op: SimOperation, normal: string, mb: number): Promise<void> {
    if (op === 'tss_getVault') {
      const record = writeJson(core.vault.record(core.vault.latest()))
      const head = normal.slice(0, normal.indexOf('"result"'))
      return streamHuge(res, mb, head + '"result":[', record, () => ']}')
    }
    // A history page of one real record over and over: looks valid, is just too big.
    return streamHuge(res, mb, '{"code":200,"message":"success","data":{"list":[', core.recordText(0), (n) => `],"total":${n}}}`)
  }

  /**
   * The TSS API shares only the standing fault set for every operation ('*'): a test that takes the demo
   * network offline takes this API with it; counted faults stay with the operations they were set for.
   */
  async function tss(url: URL, res: ServerResponse): Promise<boolean> {
    const fault = faults.peekShared()
    if (!fault) return false
    if (fault.latencyMs) await sleep(fault.latencyMs)
    if (res.destroyed) return true
    if (fault.hang) return (hold(res, null), true)
    if (fault.status !== undefined) return (sendStatus(res, fault.status, url.pathname, now()), true)
    if (fault.html) return (sendHtml502(res), true)
    if (fault.envelope) return (send(res, 200, writeJson({ code: fault.envelope.code, data: null, msg: fault.envelope.message })), true)
    return false
  }

  function parsedBody<T>(body: string, schema: z.ZodType<T>, res: ServerResponse): T | null {
    let parsed: unknown
    try {
      parsed = JSON.parse(body)
    } catch {
      send(res, 400, writeJson({ error: 'body is not JSON' }))
      return null
    }
    const req = schema.safeParse(parsed)
    if (!req.success) {
      send(res, 400, writeJson({ error: req.error.message }))
      return null
    }
    return req.data
  }

  function route(path: string, method: string, body: string, res: ServerResponse): boolean {
    if (!path.startsWith('/__sim/')) return false
    const name = path.slice('/__sim/'.length)
    if (!CONTROL_ROUTES.includes(name)) return (send(res, 404, writeJson({ error: `no control route ${name}` })), true)
    const wants = name === 'sample' || name === 'stats' ? 'GET' : 'POST'
    if (method !== wants) return (methodNotAllowed(res, wants, writeJson({ code: 405, message: 'method not allowed', data: null })), true)
    switch (name) {
      case 'faults': {
        const req = parsedBody(body, faultRequestSchema, res)
        if (req) {
          control.setFaults(req.op, req.spec)
          send(res, 200, writeJson({ ok: true }))
        }
        return true
      }
      case 'clear':
        control.clearFaults()
        return (send(res, 200, writeJson({ ok: true })), true)
      case 'release':
        return (send(res, 200, writeJson({ ok: true, released: control.releaseHeld() })), true)
      case 'rotate':
        return (send(res, 200, JSON.stringify(control.rotateVault())), true)
      case 'hold':
      case 'arrive': {
        const req = parsedBody(body, historyControlSchema, res)
        if (!req) return true
        const { address, chainId, count } = req
        if (name === 'hold') send(res, 200, writeJson({ ok: true, held: control.hold(address, chainId, count) }))
        else send(res, 200, writeJson({ ok: true, arrived: control.arrive(address, chainId, count) }))
        return true
      }
      case 'sample':
        return (send(res, 200, JSON.stringify(core.sample())), true)
      default:
        return (send(res, 200, JSON.stringify(control.stats())), true)
    }
  }

  const gate: DemoGate = {
    operation,
    tss,
    route,
    abandon() {
      for (const t of timers) clearTimeout(t)
      timers.clear()
      for (const res of hanging) res.destroy()
      hanging.clear()
      held.clear()
    }
  }
  return { gate, control }
}
