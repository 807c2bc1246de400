// Deadlines that hold whatever the garbage collector does.
//
// An AbortSignal alone is not a deadline in Node: undici follows the signal given to fetch through weak
// references, and once that signal is collected (an `AbortSignal.timeout`, an `AbortSignal.any`, a controller
// nothing else holds) its abort never reaches the request, which then waits on a silent or dripping peer for
// ever (nodejs/node#55428, nodejs/undici#4984). Reproduced here: a webhook receiver that never answers, with
// `gc()` every 20 ms, kept `AbortSignal.any([…, AbortSignal.timeout(300)])` waiting past 5 s on every try.
// So a timer holds the promise that ends the wait; the abort that follows only frees the socket where it can.

/** Settles when the wait must end: the deadline passed, or `userSignal` aborted. */
export interface Stop<E> {
  readonly stopped: Promise<E>
  /** Clears the timer and the listener; `stopped` then never settles. */
  dispose(): void
}

export function stopAt<E>(deadlineAt: number, timedOut: () => E, userSignal: AbortSignal | undefined, cancelled: () => E): Stop<E> {
  let timer: ReturnType<typeof setTimeout> | undefined
  let onAbort: (() => void) | undefined
  const stopped = new Promise<E>((resolve) => {
    if (userSignal?.aborted) return resolve(cancelled())
    timer = setTimeout(() => resolve(timedOut()), Math.max(0, deadlineAt - Date.now()))
    if (userSignal) {
      onAbort = () => resolve(cancelled())
      userSignal.addEventListener('abort', onAbort, { once: true })
    }
  })
  return {
    stopped,
    dispose() {
      clearTimeout(timer)
      if (onAbort) userSignal?.removeEventListener('abort', onAbort)
    }
  }
}

/**
 * Runs `work` (which should pass its signal to fetch and read the whole body) and settles within `timeoutMs`
 * whether or not the work heeds that signal: past the limit it rejects with a DOMException named
 * 'TimeoutError', and when `outer` aborts with one named 'AbortError' — the names fetch itself uses.
 */
export async function within<T>(timeoutMs: number, work: (signal: AbortSignal) => Promise<T>, outer?: AbortSignal): Promise<T> {
  const cancelled = (): DOMException => new DOMException('the request was cancelled', 'AbortError')
  if (outer?.aborted) throw cancelled() // nothing is started for a caller that has already given up
  const controller = new AbortController()
  const stop = stopAt(Date.now() + timeoutMs, () => new DOMException(`no answer within ${timeoutMs / 1000} s`, 'TimeoutError'), outer, cancelled)
  const halted = stop.stopped.then((reason) => {
    controller.abort(reason)
    throw reason
  })
  try {
    return await Promise.race([work(controller.signal), halted])
  } finally {
    stop.dispose()
  }
}

/** Waits for `work`, at most `ms`: a shutdown that must not hang on what is still running (left to run). */
export async function waitAtMost(work: Promise<unknown>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined
  try {
    await Promise.race([work, new Promise<void>((ok) => (timer = setTimeout(ok, ms)))])
  } finally {
    clearTimeout(timer)
  }
}
