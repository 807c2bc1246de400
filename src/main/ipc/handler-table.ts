// The handler table: one function per contract channel. Electron's ipcMain and the browser harness both
// dispatch into the same table, so everything but the transport is the same code.
import type { Channel, ChannelParsed, ChannelResult, EventName, EventPayload } from '@shared/contract'

export interface HandlerContext {
  /** push an event to the renderer that made the call (and, in Electron, every app window) */
  emit<E extends EventName>(event: E, payload: EventPayload<E>): void
}

export type Handler<C extends Channel> = (
  input: ChannelParsed<C>,
  ctx: HandlerContext
) => Promise<ChannelResult<C>> | ChannelResult<C>

export type HandlerTable = { [C in Channel]: Handler<C> }
