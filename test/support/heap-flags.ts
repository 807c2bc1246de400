// The node flags the heap-snapshot tests run under (vitest.config.ts gives them to those tests' workers;
// heap-texts.ts refuses to run without them). They keep V8's optimising compilers on the main thread: a
// compile job on a thread of its own holds what the function saw (a decode's list of records, the scope a
// table was made in) until its code is installed, and a heap snapshot counts those handles among its roots.
// Only given when node starts do they take effect: set later with v8.setFlagsFromString, Node 20 still
// compiled concurrently (seen with --trace-opt), and a table-retention test failed in two CI runs.
export const HEAP_TEST_FLAGS = ['--no-concurrent-recompilation', '--no-concurrent-osr']

/** The heap-snapshot test files: they run as a vitest project of their own, under HEAP_TEST_FLAGS. */
export const HEAP_TESTS = ['test/unit/main/dataset/table-retention.test.ts', 'test/unit/main/client/kept-shapes.test.ts']
