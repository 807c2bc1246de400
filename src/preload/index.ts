// Exposes window.bridgescope: one function per contract channel and a typed `on` for push events.
// Never ipcRenderer itself, never a generic invoke.
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron'
import { API_GLOBAL, CHANNELS, EVENTS, methodName, type BridgescopeApi, type EventFrame } from '@shared/contract'

const api: Record<string, unknown> = {}
for (const channel of CHANNELS) {
  api[methodName(channel)] = (input?: unknown) => ipcRenderer.invoke(channel, input)
}

const known = new Set<string>(EVENTS)
api.on = (event: string, listener: (payload: unknown) => void): (() => void) => {
  if (!known.has(event)) throw new Error(`Unknown event: ${event}`)
  const wrapped = (_e: IpcRendererEvent, frame: EventFrame) => {
    if (frame.event === event) listener(frame.payload)
  }
  ipcRenderer.on('bridgescope:event', wrapped)
  return () => {
    ipcRenderer.removeListener('bridgescope:event', wrapped)
  }
}

contextBridge.exposeInMainWorld(API_GLOBAL, Object.freeze(api) as BridgescopeApi)
