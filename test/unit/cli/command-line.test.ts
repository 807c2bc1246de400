// The command line's grammar over the whole command table: any command given any of its options in any order
// reaches its handler with exactly those values; anything a command does not take is a usage error (exit 2,
// nothing on stdout) in the words its group has always used; --help prints the command's own help.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { readCommandLine, UsageError, usageErrorText, type Command } from '../../../src/cli/command-line'
import { COMMANDS, OVERVIEW } from '../../../src/cli/commands'
import { TSS_USAGE } from '../../../src/cli/tss'
import { WATCH_USAGE } from '../../../src/cli/watch'
import { WATCH_TSS_USAGE } from '../../../src/cli/watch-tss'
import { main } from '../../../src/cli'

const read = (argv: string[]) => readCommandLine(COMMANDS, argv, OVERVIEW)

/** the usage error a command line makes, as stderr shows it; null when it reads */
function fault(argv: string[]): string | null {
  try {
    read(argv)
    return null
  } catch (error) {
    if (error instanceof UsageError) return usageErrorText(error)
    throw error
  }
}

/** plain values: never taken for an option, whatever the shell passes */
const plain = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9._:/]{0,15}$/)

/** a command with options it takes, in any order, and arguments within its range (values of options it reads itself) */
const commandLine = fc.constantFrom(...COMMANDS).chain((cmd) => {
  const names = Object.keys(cmd.options).filter((n) => n !== 'help' && !cmd.options[n]?.read)
  const option: fc.Arbitrary<string[]> = fc
    .constantFrom(...names)
    .chain((name) => (cmd.options[name]?.type === 'boolean' ? fc.constant([`--${name}`]) : plain.map((v) => [`--${name}`, v])))
  const [min, max] = cmd.arguments
  return fc.record({
    cmd: fc.constant(cmd),
    options: names.length ? fc.uniqueArray(option, { selector: (o) => o[0], maxLength: names.length }) : fc.constant<string[][]>([]),
    args: fc.array(plain, { minLength: min, maxLength: max })
  })
})

describe('the command table', () => {
  it('every command reaches its handler with the options and arguments it was given, in any order', () => {
    fc.assert(
      fc.property(commandLine, fc.boolean(), ({ cmd, options, args }, argsFirst) => {
        const rest = argsFirst ? [...args, ...options.flat()] : [...options.flat(), ...args]
        const reading = read([...cmd.name, ...rest])
        expect(reading.kind).toBe('run')
        if (reading.kind !== 'run') return
        expect(reading.command).toBe(cmd)
        expect(reading.line.args).toEqual(args)
        const expected = Object.fromEntries(options.map(([flag, value]) => {
          const name = (flag as string).slice(2)
          return [name, cmd.options[name]?.type === 'boolean' ? true : cmd.options[name]?.multiple ? [value] : value]
        }))
        expect(reading.line.values).toEqual(expected)
      }),
      { numRuns: 300 }
    )
  })

  it('an option no command of the group takes is a usage error, worded by the group', () => {
    const unknown = fc.stringMatching(/^[a-z]{3,10}$/).filter((n) => COMMANDS.every((c) => !(n in c.options)))
    fc.assert(
      fc.property(fc.constantFrom(...COMMANDS), unknown, (cmd, name) => {
        const text = fault([...cmd.name, `--${name}`])
        // parseArgs' own words (which Node versions may phrase differently after the option's name)
        if (cmd.grammar.strict) expect(text).toMatch(new RegExp(`^bridgescope: Unknown option '--${name}'.*\\nRun "bridgescope --help" for usage\\.\\n$`))
        else expect(text).toBe(`unexpected argument: --${name}\n${cmd.help ?? WATCH_USAGE}`)
      })
    )
  })

  it("another command's option is refused by name", () => {
    expect(fault(['chains', '--all'])).toBe('bridgescope: chains does not take --all\nRun "bridgescope --help" for usage.\n')
    expect(fault(['sim', '--json'])).toBe('bridgescope: sim does not take --json\nRun "bridgescope --help" for usage.\n')
    expect(fault(['watch', 'transfer', `0x${'a'.repeat(64)}`, '--tss-url', 'https://tss.example'])).toBe(`unexpected argument: --tss-url\n${WATCH_USAGE}`)
  })

  it('too many or too few arguments, in each group’s words', () => {
    expect(fault(['transfer', 'a', 'b'])).toBe('bridgescope: transfer takes 0 to 1 argument, got 2\nRun "bridgescope --help" for usage.\n')
    expect(fault(['vault', '1', '2'])).toBe('bridgescope: vault takes 0 to 1 argument, got 2\nRun "bridgescope --help" for usage.\n')
    expect(fault(['chains', 'x'])).toBe('bridgescope: chains takes 0 arguments, got 1\nRun "bridgescope --help" for usage.\n')
    expect(fault(['tss', 'order'])).toBe('bridgescope: tss order takes one argument\nRun "bridgescope --help" for usage.\n')
    expect(fault(['tss', 'heights', 'x'])).toBe('bridgescope: tss heights takes no argument\nRun "bridgescope --help" for usage.\n')
    expect(fault(['watch', 'transfer'])).toBe(`watch transfer needs a transaction hash\n${WATCH_USAGE}`)
    expect(fault(['watch', 'vault', 'x', '--interval', '0'])).toBe(`unexpected argument: x\n${WATCH_USAGE}`)
    expect(fault(['watch', 'tss', 'x'])).toBe(`unexpected argument: x\n${WATCH_TSS_USAGE}`)
  })

  it('a command that is not there', () => {
    expect(fault([])).toBe('bridgescope: no command given\nRun "bridgescope --help" for usage.\n')
    expect(fault(['frobnicate'])).toBe('bridgescope: unknown command "frobnicate"\nRun "bridgescope --help" for usage.\n')
    expect(fault(['tss'])).toBe('bridgescope: unknown tss command ""\nRun "bridgescope --help" for usage.\n')
    expect(fault(['watch'])).toBe(`unknown watch target: (none)\n${WATCH_USAGE}`)
    expect(fault(['watch', 'epoch'])).toBe(`unknown watch target: epoch\n${WATCH_USAGE}`)
  })

  it('the watch commands read their options in order: the first fault is the one named', () => {
    expect(fault(['watch', 'vault', '--interval', '0', '--frob'])).toBe(`--interval takes seconds from 1 to 86400, got 0\n${WATCH_USAGE}`)
    expect(fault(['watch', 'vault', '--frob', '--interval', '0'])).toBe(`unexpected argument: --frob\n${WATCH_USAGE}`)
    expect(fault(['watch', 'vault', '--interval'])).toBe(`--interval takes seconds from 1 to 86400, got nothing\n${WATCH_USAGE}`)
    expect(fault(['watch', 'vault', '--rpc-url'])).toBe('bridgescope: --rpc-url needs a value\nRun "bridgescope --help" for usage.\n')
    expect(fault(['watch', 'tss', '--stall-after', 'soon'])).toBe(`--stall-after takes a duration (90s, 10m, 2h), got soon\n${WATCH_TSS_USAGE}`)
    expect(fault(['watch', 'tss', '--tss-url'])).toBe(`--tss-url needs a URL\n${WATCH_TSS_USAGE}`)
  })

  it('--help, -h and `help` print the help of the command named, or of its group', () => {
    const helpOf = (c: Command): string => c.help ?? (c.name[0] === 'tss' ? TSS_USAGE : c.name[0] === 'watch' ? WATCH_USAGE : OVERVIEW)
    for (const cmd of COMMANDS) {
      for (const flag of ['--help', '-h']) expect(read([...cmd.name, flag])).toEqual({ kind: 'help', text: helpOf(cmd) })
    }
    expect(read(['help'])).toEqual({ kind: 'help', text: OVERVIEW })
    expect(read(['--help'])).toEqual({ kind: 'help', text: OVERVIEW })
    expect(read(['tss', '--help'])).toEqual({ kind: 'help', text: TSS_USAGE })
    expect(read(['watch', '--help'])).toEqual({ kind: 'help', text: WATCH_USAGE })
    expect(read(['watch', 'tss', '--interval', '5', '-h'])).toEqual({ kind: 'help', text: WATCH_TSS_USAGE })
  })

  it('a usage error exits 2 with nothing on stdout and starts nothing', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...COMMANDS), fc.constantFrom('--bogus', '--json=yes', '-z'), async (cmd, bad) => {
        let out = ''
        let err = ''
        const code = await main([...cmd.name, bad], { stdout: { write: (s: string) => (out += s) }, stderr: { write: (s: string) => (err += s) }, env: { BRIDGESCOPE_DATA_DIR: '/nonexistent/bridgescope' } })
        expect([code, out]).toEqual([2, ''])
        expect(err).not.toMatch(/simulator/)
      }),
      { numRuns: 40 }
    )
  })
})

describe('bridgescope --help', () => {
  it('lists every command as it always has, the vault\'s keepers beside the vault', () => {
    expect(OVERVIEW).toBe(`Usage: bridgescope <command> [options]

Commands:
  chains                                   supported chains
  tokens [--chain-id N]                    supported tokens, optionally of one chain
  history --address A [--chain-id N] [--page N] [--page-size N] [--all] | history --file EXPORT
                                           a user's transfers on one chain (every chain where the dialect allows); --file reads an export back, offline
  transfer <txHash> | --order-id ID | --record-id N [--verify [--chain-rpc ID=URL]]
                                           details of one transfer; --verify checks each leg on its chain
  vault [latest|<epoch>]                   the TSS vault (epoch as decimal or 0x hex)
  vault maintainers                        the vault's keepers: records, slash points, their nodes
  vault solvency [--chain-rpc ID=URL]      each vault's books against the chains' balances
  sim [--port N] [--seed S] [--transfers N]
                                           run the demo network until Ctrl-C
  watch vault [--rpc-url URL]... [--interval S] [--json] [--metrics HOST:PORT]
                                           one line per vault or node change, until Ctrl-C
  watch transfer <txHash> [--interval S] [--json] [--verify [--chain-rpc ID=URL]]
                                           one line per change of that transfer, until Ctrl-C
  tss heights [--chain-id N]...            TSS cross-chain API: scan height of each followed chain
  tss pending --chain-id N                 the chain's pending orders with their age
  tss order <orderId> | tss tx <hash>      one order across every leg (a hash on any leg)
  watch tss [--interval S] [--stall-after MIN] [--metrics HOST:PORT] [--webhook URL]...
                                           pending work, scanner heights and stalls, stuck orders

Options:
  --base-url URL    query service (else BRIDGESCOPE_BASE_URL, else the app's active profile)
  --rpc-url URL     JSON-RPC node (else BRIDGESCOPE_RPC_URL, else the active profile)
  --tss-url URL     TSS cross-chain API (else BRIDGESCOPE_TSS_URL, else the active profile)
  --dialect D       mcs, butter or mapscan (else BRIDGESCOPE_DIALECT, else the active profile's, else mcs)
  --tokens-url URL  Butter's tokens API (else BRIDGESCOPE_TOKENS_URL, else the active profile)
  --timeout MS      per-request timeout in milliseconds (default 15000)
  --json            the decoded payload as JSON; amounts as exact decimal text
  -h, --help        this help

Without URLs and with the demo profile active (or no settings), the built-in simulator is started.
Exit codes: 0 success, 1 the service or node failed (vault solvency: or the vault is short), 2 bad usage or
input, 3 vault solvency could not be judged (a scanner lags, a chain RPC failed).
  With --verify: 0 only when every leg is confirmed on its chain as the service says; 1 when a chain (or the
  service's own record) contradicts the service; 3 when a leg could not be verified (cannot check, pending,
  wrong chain, an RPC that broke the protocol, a record that does not say what it is).
`)
  })
})
