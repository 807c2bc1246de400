// Built by electron.vite.config.ts from src/shared/contract.ts (the names only, without zod's schemas).
declare module 'virtual:contract-names' {
  import type { Channel, EventName } from '@shared/contract'
  export const CHANNELS: readonly Channel[]
  export const EVENTS: readonly EventName[]
}
