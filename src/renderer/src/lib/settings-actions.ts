// Settings changes from the Settings view: each goes to main, which validates and saves, and the saved
// settings it returns become the app's state (theme applied, other views see the new labels at once).
import type { ChannelInput } from '@shared/contract'
import type { AppErrorData } from '@shared/errors'
import { call, errorData } from './api'
import { fieldProblem, type FieldLabels } from './field-messages'
import { app } from './app-state.svelte'

export type SettingsPatch = NonNullable<ChannelInput<'settings:update'>>

/** Saves a patch; returns the error, or null when it was saved. */
export async function saveSettings(patch: SettingsPatch): Promise<AppErrorData | null> {
  try {
    app.setSettings(await call('settings:update', patch))
    return null
  } catch (e) {
    return errorData(e)
  }
}

/** "rpcUrls.1: an http(s) URL" → which form field to mark: rpcUrls. */
export function fieldOf(error: AppErrorData | null): string | null {
  if (!error?.field) return null
  return error.field.split('.')[0] ?? null
}

/** A refused save in the form's words: the field as the form labels it (`labels`, settings-labels.ts), never its path. */
export function fieldMessage(error: AppErrorData, labels: FieldLabels): string {
  return fieldProblem(error, labels)
}

/** One URL per line, blanks dropped. */
export function parseUrlLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((s) => s.trim())
    .filter((s) => s !== '')
}

/** A route key "fromChainId-toChainId" from two inputs, or null. */
export function routeKey(from: string, to: string): string | null {
  const f = from.trim()
  const t = to.trim()
  return /^\d+$/.test(f) && /^\d+$/.test(t) ? `${Number(f)}-${Number(t)}` : null
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`
}
