// Child processes the suite starts: built bench entries run with this Node, answering one JSON line first.
import { spawn, type ChildProcess } from 'node:child_process'
import { join } from 'node:path'
import { createInterface } from 'node:readline'

export interface Child<T> {
  hello: T
  process: ChildProcess
  /** the next JSON line the child prints */
  next<U>(): Promise<U>
  stop(): Promise<void>
}

export async function startChild<T>(root: string, entry: string, args: string[], timeoutMs = 120_000): Promise<Child<T>> {
  const child = spawn(process.execPath, [join(root, 'out', 'bench', entry), ...args], { stdio: ['pipe', 'pipe', 'inherit'] })
  const lines = createInterface({ input: child.stdout! })
  const queue: string[] = []
  const waiting: ((line: string | null) => void)[] = []
  lines.on('line', (line) => {
    const w = waiting.shift()
    if (w) w(line)
    else queue.push(line)
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  void exited.then(() => {
    for (const w of waiting.splice(0)) w(null)
  })
  const next = <U>(): Promise<U> =>
    new Promise<U>((resolve, reject) => {
      const take = (line: string | null): void => {
        clearTimeout(timer)
        if (line === null) reject(new Error(`${entry} exited before answering`))
        else resolve(JSON.parse(line) as U)
      }
      const timer = setTimeout(() => reject(new Error(`${entry} did not answer within ${timeoutMs / 1000} s`)), timeoutMs)
      const queued = queue.shift()
      if (queued !== undefined) take(queued)
      else if (child.exitCode !== null) take(null)
      else waiting.push(take)
    })
  const stop = async (): Promise<void> => {
    if (child.exitCode !== null) return
    child.stdin?.end()
    const killer = setTimeout(() => child.kill('SIGKILL'), 5000)
    await exited
    clearTimeout(killer)
  }
  try {
    return { hello: await next<T>(), process: child, next, stop }
  } catch (error) {
    child.kill('SIGKILL')
    throw error
  }
}
