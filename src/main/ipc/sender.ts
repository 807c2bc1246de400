// Which frames may call the app's IPC: only the top frame of the app's own page (the bundled file in a
// packaged app, the dev server in development). Anything else is refused before input is even parsed.
export interface SenderFrameLike {
  url: string
  parent: unknown
}

export function isTrustedSender(frame: SenderFrameLike | null | undefined, appUrl: string): boolean {
  if (!frame || frame.parent) return false
  let sender: URL
  let app: URL
  try {
    sender = new URL(frame.url)
    app = new URL(appUrl)
  } catch {
    return false
  }
  if (app.protocol === 'file:') return sender.protocol === 'file:' && sender.pathname === app.pathname
  return sender.origin === app.origin
}
