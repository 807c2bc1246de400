// Reading a request body with a size cap, for the loopback servers we run: the demo network and the browser
// shell. Typed by what it uses of Node's IncomingMessage, so this room stays free of Node's types.

/** What is read of a request: Node's IncomingMessage is one. */
export interface BodyStream {
  on(event: 'data', listener: (chunk: Uint8Array) => void): unknown
  on(event: 'end', listener: () => void): unknown
  on(event: 'error', listener: (error: Error) => void): unknown
  pause(): unknown
}

export class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`request body larger than ${limit} bytes`)
    this.name = 'BodyTooLargeError'
  }
}

/**
 * The body as UTF-8 text; past `maxBytes` it stops reading and rejects with BodyTooLargeError. The request is
 * paused, not destroyed, so the server can still answer it (413) on the same connection.
 */
export function readBody(req: BodyStream, maxBytes: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Uint8Array[] = []
    let size = 0
    req.on('data', (chunk) => {
      size += chunk.length
      if (size > maxBytes) {
        reject(new BodyTooLargeError(maxBytes))
        req.pause()
        return
      }
      chunks.push(chunk)
    })
    req.on('end', () => {
      const all = new Uint8Array(size)
      let at = 0
      for (const c of chunks) {
        all.set(c, at)
        at += c.length
      }
      // the text as sent, a byte-order mark included
      resolve(new TextDecoder('utf-8', { ignoreBOM: true }).decode(all))
    })
    req.on('error', reject)
  })
}
