// `bridgescope sim`: the demo network for other tools, on 127.0.0.1 until Ctrl-C.
import { startSimulator } from '../demo/index'
import { wholeNumber } from './bridge-client'
import { command } from './command-line'
import { ONE_WORD } from './query'

export const sim = command({
  grammar: ONE_WORD,
  name: ['sim'],
  options: { port: { type: 'string' }, seed: { type: 'string' }, transfers: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  arguments: [0, 0],
  overview: { synopsis: 'sim [--port N] [--seed S] [--transfers N]', summary: 'run the demo network until Ctrl-C' },
  run: async (ctx, { values }) => {
    const port = wholeNumber(values.port, 'port', 0, 65_535)
    const seed = wholeNumber(values.seed, 'seed', 0)
    const transfers = wholeNumber(values.transfers, 'transfers', 0, 1_000_000)
    const s = await startSimulator({
      ...(port !== undefined ? { port } : {}),
      ...(seed !== undefined ? { seed } : {}),
      ...(transfers !== undefined ? { transfers } : {})
    })
    ctx.print(`base URL: ${s.baseUrl}\nRPC URL:  ${s.rpcUrl}\n`)
    ctx.warn('the demo network is running; press Ctrl-C to stop')
    const signal = ctx.io.signal
    await new Promise<void>((resolve) => {
      if (!signal) return // runs until the process is stopped
      if (signal.aborted) resolve()
      else signal.addEventListener('abort', () => resolve(), { once: true })
    })
    await s.close()
  }
})
