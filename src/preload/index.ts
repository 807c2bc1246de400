// Exposes window.bridgescope: one function per contract channel and a typed `on` for push events.
// Never ipcRenderer itself, never a generic invoke.
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron'
import type { BridgescopeApi, EventFrame } from '@shared/contract'
import { API_GLOBAL, methodName } from '@shared/api-names'
// the names alone, built from the contract: its zod schemas stay in main, which validates every input
import { CHANNELS, EVENTS } from 'virtual:contract-names'

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
