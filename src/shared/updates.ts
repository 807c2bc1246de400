// What the update checker reports, shared by main (src/main/updater.ts) and the renderer.
export type UpdateNotice =
  | { kind: 'available'; version: string }
  | { kind: 'not-available' }
  | { kind: 'progress'; percent: number; transferred: number; total: number }
  | { kind: 'downloaded'; version: string }
  | { kind: 'error'; message: string }

export interface CheckResult {
  available: boolean
  version?: string
  error?: string
  /** true when nothing was asked of the network because updates are turned off */
  disabled?: boolean
}

export interface DownloadResult {
  ok: boolean
  version?: string
  error?: string
}

export type UpdaterPhase = 'idle' | 'checking' | 'available' | 'downloading' | 'downloaded' | 'error'

export interface UpdaterStatus {
  phase: UpdaterPhase
  /** the version found by the last check that found one */
  version?: string
  percent?: number
  error?: string
}
