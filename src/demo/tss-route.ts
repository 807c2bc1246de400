// HTTP routing of the demo network's TSS cross-chain API: GET /cross/… → TssSim. A standing fault set for
// every operation ('*') applies here too (latency, a status, an HTML page, an envelope code, a hang), so a test
// that takes the demo network offline takes this API with it; counted faults stay with the operations.
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { FaultTable } from './faults'
import { send, sendHtml502, sendStatus } from './faulty'
import { writeJson } from './json'
import type { TssSim } from './tss'

export interface TssRoute {
  /** true when the request was the TSS API's (answered or being answered), false to pass it on */
  handle(req: IncomingMessage, res: ServerResponse): boolean
  /** ends latency timers and hanging requests */
  abandon(): void
}

export function createTssRoute(tss: TssSim, faults: FaultTable, now: () => number): TssRoute {
  const timers = new Set<NodeJS.Timeout>()
  const hanging = new Set<ServerResponse>()

  async function answer(url: URL, res: ServerResponse): Promise<void> {
    const fault = faults.peekShared()
    if (fault?.latencyMs) {
      await new Promise<void>((resolve) => {
        const t = setTimeout(() => {
          timers.delete(t)
          resolve()
        }, fault.latencyMs)
        timers.add(t)
      })
    }
    if (res.destroyed) return
    if (fault?.hang) {
      hanging.add(res)
      res.on('close', () => hanging.delete(res))
      return
    }
    if (fault?.status !== undefined) return sendStatus(res, fault.status, url.pathname, now())
    if (fault?.html) return sendHtml502(res)
    if (fault?.envelope) return send(res, 200, writeJson({ code: fault.envelope.code, data: null, msg: fault.envelope.message }))
    send(res, 200, tss.answer(url.pathname, url.searchParams))
  }

  return {
    handle(req, res) {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1')
      if (!url.pathname.startsWith('/cross/')) return false
      req.resume()
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.setHeader('Allow', 'GET')
        send(res, 405, writeJson({ code: 405, data: null, msg: 'method not allowed' }))
        return true
      }
      answer(url, res).catch((error: unknown) => {
        if (!res.headersSent && !res.destroyed) send(res, 500, writeJson({ code: 500, data: null, msg: `sim failure: ${String(error)}` }))
        else res.destroy()
      })
      return true
    },
    abandon() {
      for (const t of timers) clearTimeout(t)
      timers.clear()
      for (const res of hanging) res.destroy()
      hanging.clear()
    }
  }
}
