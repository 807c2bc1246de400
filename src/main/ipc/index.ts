// The IPC room's front door for the shells that carry the contract's channels without Electron (the browser
// shell's socket): `dispatch` runs one channel on the app context's handler table, its input checked by the
// contract's schema and its answer proved able to cross, always as a Result. Electron's own registration
// (register.ts: ipcMain.handle with the sender check) is wired by the Electron entry alone.
export { dispatch } from './dispatch'
export type { HandlerTable } from './handler-table'
