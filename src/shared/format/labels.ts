// How a transfer's `state` and `type` numbers are written, in every view, the CLI and the exports: the
// label first, the number after it in parentheses ("Pending (0)"), because the label is what a person scans
// for and the number is what the service sent. A number without a label still says what it is ("Type 4"),
// never a bare digit that reads like a count. Labels come from Settings → Labels; the state defaults are
// MAP's own front-end's words (../states.ts); type meanings are not published, so types have no defaults.
import { stateLabel, type StateOf } from '../states'
import { NOT_PROVIDED, STATE_NOT_PROVIDED } from '../schemas/origin'

type Labels = Readonly<Record<string, string>> | undefined

/**
 * "Pending (0)", "Refund (6)", "Unknown (9)", or "State 0" when the user removed the label of 0; a state the
 * service does not send says so, never "Processing (-1)".
 */
export function stateText(r: StateOf, labels: Labels): string {
  if (r.state === STATE_NOT_PROVIDED) return `State ${NOT_PROVIDED}`
  const label = stateLabel(r, labels)
  return label ? `${label} (${r.state})` : `State ${r.state}`
}

/** The user's label for a type, else null (no type meaning is published). */
export function typeLabel(type: number, labels: Labels): string | null {
  return labels?.[String(type)] || null
}

/** "Swap (4)" when the user named it, else "Type 4". */
export function typeText(type: number, labels: Labels): string {
  const label = typeLabel(type, labels)
  return label ? `${label} (${type})` : `Type ${type}`
}

/** Why an unlabelled type shows no name, for tooltips. */
export const TYPE_LABELS_SOURCE =
  'The service publishes no meaning for type numbers; name them in Settings → Labels.'
