// How the renderer reaches window.bridgescope, kept apart from contract.ts: the contract's input schemas
// pull zod into whatever imports a value from it, and the renderer's first chunk needs only these names
// (zod was a third of the bundle a window evaluates before its first frame). contract.ts re-exports them.
export const API_GLOBAL = 'bridgescope'

/** 'history:loadAll' → 'historyLoadAll': the method name on window.bridgescope. */
export type MethodName<C extends string> = C extends `${infer A}:${infer B}` ? `${A}${Capitalize<B>}` : C
export function methodName<C extends string>(c: C): MethodName<C> {
  const [a, b = ''] = c.split(':')
  return `${a}${b.charAt(0).toUpperCase()}${b.slice(1)}` as MethodName<C>
}
