// The browser shell's entry (npm run web, and npm start where Electron's binary cannot be had).
export { runWebShellCli, startWebShell, type WebShell, type WebShellOptions } from './server'
