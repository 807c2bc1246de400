/* eslint-disable no-control-regex -- finding control characters is what this module is for */
// Remote text on a terminal is data, never a command. Chain names, keys and service messages reach the CLI's
// output; a control sequence among them could retitle the window, clear the screen, write the clipboard
// (OSC 52) or reorder what the reader sees (bidirectional overrides). Everything the CLI writes passes here.

/**
 * C0 controls except tab and newline (and CR where `keepCr`), DEL, C1 controls (U+0080–U+009F: 8-bit CSI,
 * OSC, …) and the bidirectional embedding/override/isolate characters.
 */
const UNSAFE_BUT_CR = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g
const UNSAFE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\r]/g
// ESC starts the sequences; once ESC itself is gone the rest is plain text, but a whole CSI/OSC sequence is
// dropped with it so no half of one ("]52;c;…") is left to confuse the reader.
const SEQUENCES = /\u001b(?:\][^\u0007\u001b]*(?:\u0007|\u001b\\)?|\[[0-?]*[ -/]*[@-~]?|[@-Z\\-_]?)|\u009b[0-?]*[ -/]*[@-~]?|\u009d[^\u0007\u009c]*[\u0007\u009c]?/g

/** Text safe to write to a terminal: control sequences removed, newlines and tabs kept. */
export function terminalSafe(text: string, keepCr = false): string {
  const withoutSequences = text.replace(SEQUENCES, '')
  return withoutSequences.replace(keepCr ? UNSAFE_BUT_CR : UNSAFE, '')
}

/** JSON text whose string values carry no raw C1 or bidi character (JSON.stringify leaves them raw). */
export function escapeJsonForTerminal(json: string): string {
  return json.replace(/[\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
}
