// What a hostile service puts in a chain name reaches the operator's chat as text: no Slack or Discord
// markup, no mention, no link to a host the user did not configure — and the words themselves are all there.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { discordText, slackText, unlinked } from '../../../../src/main/watch/chat-text'
import { webhookBody } from '../../../../src/main/watch/webhooks'
import type { WatchEvent } from '../../../../src/shared/watch'

const HOSTILE = ['<!channel>', '<!here>', '@everyone', '@here', '<@U024BE7LH>', '<@&123456>', '<#C0123>', '<https://evil.example/login|re-enter your RPC key>', '[re-enter your key](https://evil.example/login)', '**urgent**', '# Heading', '> quoted', '`code`', '||spoiler||', 'https://evil.example/login', 'evil.example', 'https://good.example/ok']
const pieces = fc.oneof(fc.constantFrom(...HOSTILE), fc.string({ unit: 'grapheme-ascii', maxLength: 12 }), fc.string({ maxLength: 6 }))
const texts = fc.array(pieces, { maxLength: 8 }).map((p) => p.join(' '))
const LINKS = ['good.example']

function event(name: string): WatchEvent {
  return { kind: 'node-recovered', id: 'n1', url: 'http://node', downSince: null, title: `Chain ${name}`, body: `${name} answers again`, at: 1_700_000_000_000, profileId: 'p' }
}

describe('chat text', () => {
  it('Slack: no < or > survives, every & is an entity, and un-escaping gives the words back', () => {
    fc.assert(
      fc.property(texts, (t) => {
        const out = slackText(t, LINKS)
        expect(out).not.toMatch(/[<>]/)
        expect(out.replace(/&(amp|lt|gt);/g, '')).not.toContain('&')
        expect(out.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&')).toBe(unlinked(t, LINKS))
      }),
      { numRuns: 500 }
    )
  })

  it('Discord: every markup character escaped, no mention can form, and the words are all there', () => {
    fc.assert(
      fc.property(texts, (t) => {
        const out = discordText(t, LINKS)
        expect(out).not.toMatch(/@(everyone|here)/)
        expect(out.replace(/\\[\s\S]/g, '')).not.toMatch(/<[@#]/)
        // every markup character is preceded by a backslash that is not itself escaped
        const unescaped = out.replace(/\\[\s\S]/g, '')
        expect(unescaped).not.toMatch(/[*_~`|>#[\]()<\\-]/)
        expect(out.replace(/\\([\s\S])/g, '$1').replace(/@\u200b/g, '@')).toBe(unlinked(t, LINKS))
      }),
      { numRuns: 500 }
    )
  })

  it('links only to hosts the user configured: any other address is written so no chat links it', () => {
    fc.assert(
      fc.property(fc.webUrl(), (url) => {
        const host = new URL(url).hostname
        fc.pre(host.includes('.') && /[a-z]{2,}$/i.test(host) && !/^[\d.]+$/.test(host))
        const out = unlinked(`see ${url} now`, LINKS)
        expect(out).not.toContain(`${new URL(url).protocol}//`)
        expect(out).not.toContain(host)
      })
    )
    expect(unlinked('open https://evil.example/login or evil.example, not https://good.example/ok', LINKS)).toBe('open https[:]//evil[.]example/login or evil[.]example, not https://good.example/ok')
    expect(unlinked('1.5 USDT to BNB Smart Chain', [])).toBe('1.5 USDT to BNB Smart Chain')
  })

  it('the webhook bodies: Slack and Discord escaped with no mentions allowed, JSON with the service words as a string value', () => {
    const name = '<!channel> @everyone <https://evil.example/login|re-enter your RPC key>'
    expect(webhookBody(event(name), 'slack')).toEqual({
      text: 'Chain &lt;!channel&gt; @everyone &lt;https[:]//evil[.]example/login|re-enter your RPC key&gt;: &lt;!channel&gt; @everyone &lt;https[:]//evil[.]example/login|re-enter your RPC key&gt; answers again'
    })
    const discord = webhookBody(event(name), 'discord') as { content: string; allowed_mentions: unknown }
    expect(discord.allowed_mentions).toEqual({ parse: [] })
    expect(discord.content).not.toContain('@everyone')
    expect(discord.content).not.toContain('https://')
    expect(webhookBody(event(name), 'json')).toMatchObject({ event: 'node-recovered', message: `Chain ${name}: ${name} answers again` })
  })

  it('a Discord text cut at its limit ends on a whole character, never inside an escape', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('*', '@', 'a', '😀', '\\'), minLength: 1500, maxLength: 3000 }), (t) => {
        const { content } = webhookBody(event(t), 'discord') as { content: string }
        expect(content.length).toBeLessThanOrEqual(2000)
        expect(/(?<!\\)(\\\\)*\\$/.test(content)).toBe(false)
        expect(/[\uD800-\uDBFF]$/.test(content)).toBe(false)
        expect(content.endsWith('@')).toBe(false)
      }),
      { numRuns: 50 }
    )
  })
})
