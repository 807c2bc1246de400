// Chain and token icons of the demo network, drawn here and served at the simulator's own origin, so a demo
// session never asks an outside host for anything (the real service points at files.mapprotocol.io).
// Small SVG badges: a disc in a colour derived from the name and up to four letters of it.

/** Path of a chain's or token's icon on the simulator: /icons/chains/<chain>.svg, /icons/tokens/<symbol>.svg. */
export function iconPath(kind: 'chains' | 'tokens', name: string): string {
  return `/icons/${kind}/${encodeURIComponent(name.toLowerCase())}.svg`
}

function hue(name: string): number {
  let h = 7
  for (const c of name) h = (h * 31 + c.charCodeAt(0)) % 360
  return h
}

/** The SVG text of one icon; the label is the caller's known name (never request text). */
export function iconSvg(label: string): string {
  const letters = (label.match(/[A-Za-z0-9]/g) ?? ['?']).slice(0, label.length > 4 ? 3 : 4).join('').toUpperCase()
  const size = letters.length > 3 ? 7 : letters.length > 2 ? 8 : 10
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 32 32">` +
    `<circle cx="16" cy="16" r="16" fill="hsl(${hue(label)} 55% 38%)"/>` +
    `<text x="16" y="${16 + size * 0.36}" text-anchor="middle" font-family="sans-serif" font-weight="700" font-size="${size}" fill="#fff">${letters}</text>` +
    `</svg>`
  )
}
