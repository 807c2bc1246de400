#!/usr/bin/env node
// bridgescope CLI launcher. The CLI is built to out/node/cli.js (scripts/build-node.js, beside the browser
// shell); it is built first when missing or older than the sources, with the build's output on
// stderr so that stdout stays the command's own (pipes and --json keep working).
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { ensureBuild, root } from '../scripts/ensure-build.js'

ensureBuild()
const { runFromProcess } = await import(pathToFileURL(join(root, 'out', 'node', 'cli.js')).href)
await runFromProcess(process.argv.slice(2))
