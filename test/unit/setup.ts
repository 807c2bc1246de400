// Shared set-up for unit tests.
import fc from 'fast-check'

// Property tests explore new inputs on every local run; CI replays one fixed seed so that a landing never
// depends on luck. FC_SEED reproduces a reported failure.
const seed = process.env.FC_SEED ? Number(process.env.FC_SEED) : process.env.CI ? 20261121 : undefined
if (seed !== undefined) fc.configureGlobal({ seed })
