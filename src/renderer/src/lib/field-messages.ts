// A form's error in the form's own words: the field as it is labelled on screen, a limit as a person
// states it, and lines counted from 1. Main validates with the store's zod schema and names the field by
// its path ("rpcUrls.0: an http(s) URL"); this turns that into "RPC node URLs, line 1: must be an
// http(s) URL".
import type { AppErrorData } from '@shared/errors'

/** The label on screen for each top-level field, and an optional unit for its numbers (ms shown as s). */
export interface FieldLabels {
  /** lineOf: the line on screen of the n-th value sent (blank lines are not sent), counted from 1 */
  [field: string]: { label: string; lineOf?: (index: number) => number; msAsSeconds?: boolean }
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
  const head = path[0]
  if (error.field && message.startsWith(`${error.field}: `)) message = message.slice(error.field.length + 2)
  const known = head === undefined ? undefined : labels[head]
  if (!known) return message
  const index = path[1] !== undefined && /^\d+$/.test(path[1]) ? Number(path[1]) : null
  const where = known.lineOf && index !== null ? `${known.label}, line ${known.lineOf(index)}` : known.label
  return `${where}: ${limitWords(message, known.msAsSeconds === true)}`
}
