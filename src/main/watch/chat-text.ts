// Text for a chat webhook. An alert's wording carries what the query service said (chain names, token symbols,
// states), and a chat renders markup: a chain named `<!channel>` would ping a whole Slack channel,
// `@everyone` a Discord server, and `<https://evil.example/login|re-enter your RPC key>` would arrive as a
// link in the operator's own channel. So the text is escaped for the chat's markup, and any web address in it
// whose host the user did not configure is written so that no chat turns it into a link.
//
// Slack: &, < and > are the only control characters of its message text; escaped, no mention, channel
// ping or link can be formed (https://api.slack.com/reference/surfaces/formatting#escaping).
// Discord: markdown (emphasis, masked links [text](url), headings, quotes, code), mentions (@everyone,
// @here, <@id>, <@&role>, <#channel>) and bare links; markup characters are escaped with a backslash, an @
// is followed by a zero-width space, and the body says `allowed_mentions: {parse: []}` so that nothing it
// names is pinged whatever the text holds (https://discord.com/developers/docs/resources/message#allowed-mentions-object).

/** A web address or a bare host name (two labels or more, a letter TLD) anywhere in a text. */
const ADDRESS = /\b(?:[a-z][a-z0-9+.-]*:\/\/)?(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}\b(?::\d{1,5})?(?:[/?#][^\s<>]*)?/gi

function hostOf(address: string): string {
  try {
    return new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(address) ? address : `http://${address}`).hostname.toLowerCase()
  } catch {
    return ''
  }
}

/**
 * Every address in `text` whose host is not one of `linkHosts` written so no chat links it: its scheme's
 * colon and its host's dots in brackets (`https[:]//evil[.]example/login`), as security tooling writes them.
 */
export function unlinked(text: string, linkHosts: readonly string[]): string {
  const allowed = new Set(linkHosts.map((h) => h.toLowerCase()))
  return text.replace(ADDRESS, (address) => {
    if (allowed.has(hostOf(address))) return address
    const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(address)
    const rest = scheme ? address.slice(scheme[0].length) : address
    const defanged = rest.replace(/^[^/?#]*/, (authority) => authority.replace(/\./g, '[.]'))
    return scheme ? `${scheme[1]}[:]//${defanged}` : defanged
  })
}

/** Slack message text: &, < and > escaped; links only to `linkHosts`. */
export function slackText(text: string, linkHosts: readonly string[]): string {
  return unlinked(text, linkHosts).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

/** Discord's markdown characters, each escaped with a backslash. */
const DISCORD_MARKUP = /[\\*_~`|>#[\]()<-]/g

/** Discord message content: markdown escaped, every @ broken, links only to `linkHosts`. */
export function discordText(text: string, linkHosts: readonly string[]): string {
  return unlinked(text, linkHosts)
    .replace(DISCORD_MARKUP, (c) => `\\${c}`)
    .replace(/@/g, '@\u200b')
}
