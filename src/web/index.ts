// The browser shell's entry (npm run web, and npm start where Electron's binary cannot be had).
export { startWebShell, type WebShell, type WebShellOptions } from './server'
export { runWebShellCli } from './launch'
