// The grammar of the command line, once for every command: which command the words name, its options and
// arguments read by node:util's parseArgs, and --help. The commands are declared in ./commands.ts, each once
// with its options, arguments, overview line, help and handler. Each group (the one-word commands, `tss …`,
// `watch …`) reads and words its usage errors as it always has, so scripts see the same messages.
import { parseArgs } from 'node:util'
import type { CliContext } from './io'

/** A command line that breaks the grammar: exit 2, nothing sent. */
export class UsageError extends Error {
  constructor(
    message: string,
    /**
     * a text shown after the message (the command's usage), or null for the one-line pointer to --help;
     * left out, the command's grammar decides
     */
    readonly help?: string | null
  ) {
    super(message)
  }
}

/** How a usage error reads on stderr: the message, then the command's usage or the pointer to --help. */
export function usageErrorText(error: UsageError): string {
  return typeof error.help === 'string' ? `${error.message}\n${error.help}` : `bridgescope: ${error.message}\nRun "bridgescope --help" for usage.\n`
}

export interface OptionSpec {
  type: 'string' | 'boolean'
  multiple?: boolean
  short?: string
  /**
   * A string option's rule: its value as the handler takes it, or a UsageError saying what is wrong. Applied
   * in the order the options were given (the first fault is the one reported); `undefined` when the option
   * was given no value.
   */
  read?: (text: string | undefined) => unknown
}
export type OptionSpecs = Readonly<Record<string, OptionSpec>>

type One<O> = O extends { read: (text: string | undefined) => infer T } ? T : O extends { type: 'string' } ? string : boolean
export type Values<S extends OptionSpecs> = { -readonly [K in keyof S]?: S[K] extends { multiple: true } ? One<S[K]>[] : One<S[K]> }

export interface CommandLine<S extends OptionSpecs = OptionSpecs> {
  values: Values<S>
  /** the arguments after the command's name */
  args: string[]
}

/** How a group reads its command lines and words their faults. */
export interface Grammar {
  /** the word before the sub-command ('tss', 'watch'), or '' for the one-word commands */
  word: string
  /** what --help prints when no command of the group is named; null: the overview of every command */
  help: string | null
  /** a word that asks for the help as a command does (`bridgescope help`) */
  helpWord?: string
  /**
   * strict: parseArgs refuses what no command of the group knows, in its own words; lenient: everything is
   * read in order and the first fault is worded by the group (`--help` anywhere is the help)
   */
  strict: boolean
  /** a usage error is followed by the command's help rather than by the pointer to --help */
  helpOnError: boolean
  unknownCommand(word: string | undefined): string
  /** an option the command does not take: its long name, and the argument as it was given */
  notTaken(command: string, name: string, raw: string): string
  /** too few or too many arguments (lenient groups are told at the first one too many) */
  argumentCount(command: string, args: readonly string[], range: readonly [number, number]): string
}

export interface Command<S extends OptionSpecs = OptionSpecs> {
  grammar: Grammar
  /** the words that name it: ['chains'], ['tss', 'heights'], ['watch', 'vault'] */
  name: readonly string[]
  options: S
  /** how many arguments it takes after its name: [min, max] */
  arguments: readonly [number, number]
  /** its line in `bridgescope --help`, or null where another command's line covers it */
  overview: { synopsis: string; summary: string } | null
  /** what --help prints for it, when not its group's help */
  help?: string
  /** the exit code (0 when it returns nothing) */
  run(ctx: CliContext, line: CommandLine<S>): Promise<number | void>
}

/** A command for the table: its handler is checked against its own options here, where they are declared. */
export function command<const S extends OptionSpecs>(spec: Command<S>): Command {
  return spec as unknown as Command
}

export type Reading = { kind: 'help'; text: string } | { kind: 'run'; command: Command; line: CommandLine }

type Token = NonNullable<ReturnType<typeof parseArgs>['tokens']>[number]

function parserOptions(specs: OptionSpecs): Record<string, { type: 'string' | 'boolean'; multiple?: boolean; short?: string }> {
  const out: Record<string, { type: 'string' | 'boolean'; multiple?: boolean; short?: string }> = {}
  for (const [name, s] of Object.entries(specs)) {
    out[name] = { type: s.type, ...(s.multiple ? { multiple: true } : {}), ...(s.short ? { short: s.short } : {}) }
  }
  return out
}

function tokensOf(args: readonly string[], specs: OptionSpecs, strict: boolean): Token[] {
  try {
    return parseArgs({ args: [...args], options: parserOptions(specs), strict, allowPositionals: true, tokens: true }).tokens
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error))
  }
}

const lastWord = (c: Command): string => c.name[c.name.length - 1] ?? ''

/** The group argv names: the sub-commands of its first word, else the one-word commands. */
function groupOf(table: readonly Command[], argv: readonly string[]): { members: Command[]; grammar: Grammar; args: string[] } {
  const named = table.filter((c) => c.name.length > 1 && c.name[0] === argv[0])
  // a word that is a command and a group alike (`vault [epoch]`, `vault solvency`) is the group only when one
  // of its sub-commands follows
  const alsoOneWord = table.some((c) => c.name.length === 1 && c.name[0] === argv[0])
  const sub = alsoOneWord && !named.some((c) => lastWord(c) === argv[1]) ? [] : named
  const members = sub.length > 0 ? sub : table.filter((c) => c.name.length === 1)
  const grammar = members[0]?.grammar
  if (!grammar || members.some((c) => c.grammar !== grammar)) throw new Error('command table: each group has one grammar')
  return { members, grammar, args: sub.length > 0 ? argv.slice(1) : [...argv] }
}

function read(spec: OptionSpec, text: string | undefined): unknown {
  if (spec.read) return spec.read(text)
  if (spec.type === 'boolean') return true
  return text
}

/** The option values and arguments of one command, read from its tokens in order. */
function readLine(cmd: Command, tokens: readonly Token[], args: readonly string[]): CommandLine {
  const { grammar } = cmd
  const name = cmd.name.join(' ')
  const values: Record<string, unknown> = {}
  const positionals: string[] = []
  let named = false
  for (const t of tokens) {
    if (t.kind === 'option-terminator') continue
    if (t.kind === 'positional') {
      // the first word is the command's own name
      if (!named) named = true
      else {
        positionals.push(t.value)
        if (!grammar.strict && positionals.length > cmd.arguments[1]) throw new UsageError(grammar.argumentCount(name, positionals, cmd.arguments))
      }
      continue
    }
    const spec = cmd.options[t.name]
    const raw = args[t.index] ?? t.rawName
    if (!spec || (spec.type === 'boolean' && t.inlineValue)) throw new UsageError(grammar.notTaken(name, t.name, raw))
    const value = read(spec, spec.type === 'string' ? t.value : undefined)
    if (spec.multiple) values[t.name] = [...((values[t.name] as unknown[] | undefined) ?? []), value]
    else values[t.name] = value
  }
  const [min, max] = cmd.arguments
  if (positionals.length < min || positionals.length > max) throw new UsageError(grammar.argumentCount(name, positionals, cmd.arguments))
  return { values: values as CommandLine['values'], args: positionals }
}

/** Which command argv names and what it was given; throws UsageError for a line that breaks the grammar. */
export function readCommandLine(table: readonly Command[], argv: readonly string[], overview: string): Reading {
  const { members, grammar, args } = groupOf(table, argv)
  const groupHelp = grammar.help ?? overview
  const union: OptionSpecs = Object.assign({}, ...members.map((c) => c.options)) as OptionSpecs
  const find = (word: string | undefined): Command | undefined => members.find((c) => lastWord(c) === word)
  const firstWord = (tokens: readonly Token[]): string | undefined => tokens.find((t) => t.kind === 'positional')?.value

  if (!grammar.strict && args.some((a) => a === '--help' || a === '-h')) {
    return { kind: 'help', text: find(firstWord(tokensOf(args, union, false)))?.help ?? groupHelp }
  }
  const tokens = tokensOf(args, union, grammar.strict)
  const word = firstWord(tokens)
  const cmd = find(word)
  const fail = (error: UsageError): UsageError =>
    error.help !== undefined ? error : new UsageError(error.message, grammar.helpOnError ? (cmd?.help ?? groupHelp) : null)
  if (grammar.strict && (tokens.some((t) => t.kind === 'option' && t.name === 'help') || (word !== undefined && word === grammar.helpWord))) {
    return { kind: 'help', text: cmd?.help ?? groupHelp }
  }
  try {
    if (!cmd) throw new UsageError(grammar.unknownCommand(word))
    // Lenient groups read the line again with the command's own options: the first thing it does not take,
    // in order, is the fault reported.
    return { kind: 'run', command: cmd, line: readLine(cmd, grammar.strict ? tokens : tokensOf(args, cmd.options, false), args) }
  } catch (error) {
    throw error instanceof UsageError ? fail(error) : error
  }
}
