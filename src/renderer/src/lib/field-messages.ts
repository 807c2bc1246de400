// A form's error in the form's own words: the field as it is labelled on screen, a limit as a person
// states it, and lines counted from 1. Main validates with the store's zod schema and names the field by
// its path ("rpcUrls.0: an http(s) URL"); this turns that into "RPC node URLs, line 1: must be an
// http(s) URL".
import type { AppErrorData } from '@shared/errors'

/**
 * The label on screen for each field a form sends, by its path in what is sent ("pollIntervals.vaultSec"; `*`
 * stands for any one part, "labels.*"), and an optional unit for its numbers (ms shown as s). The longest
 * path that begins the error's field is the one used; what follows it names the place in that field.
 */
export interface FieldLabels {
  [path: string]: {
    label: string
    /** the line on screen of the n-th value sent (blank lines are not sent), counted from 1 */
    lineOf?: (index: number) => number
    /** the words for the key of a value in a keyed field (a chain id, a route, a state number) */
    keyOf?: (key: string) => string
    msAsSeconds?: boolean
  }
}

/** The labelled field an error's path lies in, and the part of the path after it. */
function labelled(path: readonly string[], labels: FieldLabels): { entry: FieldLabels[string]; rest: string[] } | null {
  let best: { entry: FieldLabels[string]; length: number } | null = null
  for (const [pattern, entry] of Object.entries(labels)) {
    const parts = pattern.split('.')
    if (parts.length > path.length || (best && parts.length <= best.length)) continue
    if (parts.every((p, i) => p === '*' || p === path[i])) best = { entry, length: parts.length }
  }
  return best ? { entry: best.entry, rest: path.slice(best.length) } : null
}

/** zod's words for a limit → a person's. */
function limitWords(message: string, msAsSeconds: boolean): string {
  const n = (text: string): string => (msAsSeconds ? `${Number(text) / 1000} s` : text)
  const rules: [RegExp, (m: RegExpExecArray) => string][] = [
    [/^Too big: expected string to have <=(\d+) characters?$/, (m) => `at most ${m[1]} characters`],
    [/^Too small: expected string to have >=1 characters?$/, () => 'required'],
    [/^Too small: expected string to have >=(\d+) characters$/, (m) => `at least ${m[1]} characters`],
    [/^Too big: expected array to have <=(\d+) items?$/, (m) => `at most ${m[1]} lines`],
    [/^Too big: expected number to be <=(\d+)$/, (m) => `at most ${n(m[1] ?? '')}`],
    [/^Too small: expected number to be >=(\d+)$/, (m) => `at least ${n(m[1] ?? '')}`],
    [/^Invalid input: expected (?:number|int), received NaN$/, () => 'a number is needed'],
    [/^Invalid input: expected int, received number$/, () => 'a whole number is needed'],
    [/^an http\(s\) URL$/, () => 'must be an http(s) URL, such as https://example.org'],
    [/^Invalid input$/, () => 'not valid here']
  ]
  for (const [re, words] of rules) {
    const m = re.exec(message)
    if (m) return words(m)
  }
  return message
}

/** "Name: at most 80 characters", "RPC node URLs, line 2: must be an http(s) URL, such as …". */
export function fieldProblem(error: AppErrorData, labels: FieldLabels): string {
  let message = error.message.replace(/^Invalid input for [a-z]+:[A-Za-z]+: /, '')
  const path = error.field?.split('.') ?? []
  if (error.field && message.startsWith(`${error.field}: `)) message = message.slice(error.field.length + 2)
  const found = labelled(path, labels)
  // a field the form does not label is still not named by its path: the limit alone, in words
  if (!found) return limitWords(message, false)
  const { entry, rest } = found
  const next = rest[0]
  let where = entry.label
  if (next !== undefined && /^\d+$/.test(next) && entry.lineOf) where += `, line ${entry.lineOf(Number(next))}`
  else if (next !== undefined && entry.keyOf) where += `, ${entry.keyOf(next)}`
  return `${where}: ${limitWords(message, entry.msAsSeconds === true)}`
}
