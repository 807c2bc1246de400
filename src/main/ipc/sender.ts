// Which frames may call the app's IPC: only the top frame of the app's own page (app://bridgescope in a
// packaged app, the dev server in development). Anything else is refused before input is even parsed.
import { isAppUrl } from '../security'

export interface SenderFrameLike {
  url: string
  parent: unknown
}

export function isTrustedSender(frame: SenderFrameLike | null | undefined, appUrl: string): boolean {
  if (!frame || frame.parent) return false
  return isAppUrl(frame.url, appUrl)
}
