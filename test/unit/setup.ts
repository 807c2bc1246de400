// Shared set-up for unit tests. Component tests install a contract-derived window.bridgescope mock
// themselves (see test/unit/renderer/mock-api.ts).
export {}
