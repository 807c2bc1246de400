// Strings of the process's own, for texts that would otherwise keep a larger one alive.
/**
 * `parts` joined into a string of its own (a loaded table's column pools, dataset/). A text the decode gave may
 * be a slice of a response body (an amount cut from it: client/amount-search.ts spanText), and V8 keeps the
 * whole body alive as long as a slice of 13 characters or more: every page a history was loaded from would stay
 * in memory. Array#join copies the characters of two or more texts into a new string, but hands a lone text
 * back as it is (a slice stays a slice): that one is joined anew from two pieces of it.
 */
export function ownText(parts: readonly string[]): string {
  let texts = 0
  for (const p of parts) if (p.length > 0 && ++texts > 1) return parts.join('')
  const lone = parts.join('')
  return lone.length > 1 ? [lone.slice(0, 1), lone.slice(1)].join('') : lone
}
