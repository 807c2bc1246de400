// The IPC room's front door: `createHandlers`, every contract channel mapped onto the services (the composition
// root builds the table once), and `dispatch`, which runs one channel on that table without Electron (the
// browser shell's socket), its input checked by the contract's schema and its answer proved able to cross,
// always as a Result. Electron's own registration (register.ts: ipcMain.handle with the sender check) loads
// Electron, so it stays behind the door and is wired by the Electron entry alone.
export { dispatch } from './dispatch'
export { createHandlers } from './handlers'
export type { HandlerTable } from './handler-table'
