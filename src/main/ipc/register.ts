// Electron's transport: a thin loop over the handler table.
import type { IpcMain, IpcMainInvokeEvent, WebContents } from 'electron'
import { CHANNELS, type EventName, type EventPayload } from '@shared/contract'
import { dispatch } from './dispatch'
import type { HandlerTable } from './handler-table'
import { isTrustedSender } from './sender'

export function registerIpc(
  ipcMain: Pick<IpcMain, 'handle'>,
  table: HandlerTable,
  appUrl: () => string,
  broadcast: <E extends EventName>(event: E, payload: EventPayload<E>) => void
): void {
  for (const channel of CHANNELS) {
    ipcMain.handle(channel, (event: IpcMainInvokeEvent, input: unknown) => {
      if (!isTrustedSender(event.senderFrame, appUrl())) {
        return {
          ok: false,
          error: { kind: 'input', message: `Refused ${channel}: the call did not come from the app's own page.`, operation: channel }
        }
      }
      return dispatch(table, channel, input, { emit: broadcast })
    })
  }
}

export function sendEvent<E extends EventName>(target: WebContents, event: E, payload: EventPayload<E>): void {
  if (!target.isDestroyed()) target.send('bridgescope:event', { event, payload })
}
