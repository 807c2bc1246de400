// Where Bridgescope keeps its files, computed without Electron so the CLI and the harness agree with the app.
// Electron's userData is <appData>/<productName>; we mirror that per OS.
import { homedir } from 'node:os'
import { join } from 'node:path'

export const PRODUCT_NAME = 'Bridgescope'

export function appDataDir(platform: NodeJS.Platform = process.platform, env: NodeJS.ProcessEnv = process.env): string {
  if (platform === 'win32') return env.APPDATA ?? join(homedir(), 'AppData', 'Roaming')
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support')
  return env.XDG_CONFIG_HOME ?? join(homedir(), '.config')
}

/** BRIDGESCOPE_DATA_DIR overrides the location (tests, portable installs). */
export function userDataDir(platform: NodeJS.Platform = process.platform, env: NodeJS.ProcessEnv = process.env): string {
  return env.BRIDGESCOPE_DATA_DIR ?? join(appDataDir(platform, env), PRODUCT_NAME)
}

/**
 * The browser harness's own folder, unless one is named (`--data-dir`, BRIDGESCOPE_DATA_DIR): a harness left
 * running beside the app must not share the app's settings by accident. (Shared folders are safe too, every
 * change is a locked read-modify-write, but a separate one is what a person trying the browser view expects.)
 */
export function harnessDataDir(platform: NodeJS.Platform = process.platform, env: NodeJS.ProcessEnv = process.env): string {
  return env.BRIDGESCOPE_DATA_DIR ?? join(appDataDir(platform, env), `${PRODUCT_NAME} (browser)`)
}

export const SETTINGS_FILE = 'settings.json'
export const CACHE_DIR = 'cache'
