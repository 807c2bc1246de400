// The three dialects of the query service, each at the demo network's own endpoints (src/demo/successors.ts):
// our original service (the demo profile), Butter's swap-data API and MAP's Bridge Scan API (profiles a user
// adds with the demo's URLs). The demo tells the same transfers in all three, so what the views show must not
// change with the dialect — the same transfers in the same order, at the same times; the same amounts in
// token units and the same states where the service gives them — and what a service does not give is said
// ("not provided by this service"), never shown as 0. The busiest address is left alone: it gains transfers as
// it is read, and the dialects are compared on a history that stands still.
import type { Page } from '@playwright/test'
import { test, expect } from './fixtures'
import { demoSample, expectLoadedAll, type Sample } from './demo'
import { useDialect } from './dialect-profile'
import { demoDialectUrls } from '../../src/shared/demo-network'
import { DEMO_PROFILE_ID } from '../../src/shared/profile-ids'
import { NOT_PROVIDED } from '../../src/shared/schemas/origin'
import type { Dialect } from '../../src/shared/dialects'
import type { Harness } from '../support/harness'
import type { TableRow } from '../../src/shared/table-row'

// tall enough that the virtual table draws every row of the history compared (at most 25: one page)
test.use({ viewport: { width: 1400, height: 1600 } })

interface DialectCase {
  dialect: Dialect
  /** amounts, tokens and the history's state: Bridge Scan gives none of them */
  amounts: boolean
  /** a chain list and a token list (Butter's from its tokens API) */
  lists: boolean
  /** a stable value per transfer, which the charts draw: only our original service gives one */
  values: boolean
}

const CASES: readonly DialectCase[] = [
  { dialect: 'mcs', amounts: true, lists: true, values: true },
  { dialect: 'butter', amounts: true, lists: true, values: false },
  { dialect: 'mapscan', amounts: false, lists: false, values: false }
]

/** The demo profile's Speaks choice in Settings, saved once main has it. */
async function speakAs(page: Page, harness: Harness, dialect: Dialect): Promise<void> {
  await page.goto(`${harness.url}#/settings`)
  const row = page.locator(`[data-testid=profile-row][data-profile-id="${DEMO_PROFILE_ID}"]`)
  await row.getByLabel('Speaks').selectOption(dialect)
  await expect(row.getByLabel('Speaks')).toHaveValue(dialect)
  await expect.poll(() => harness.context.settings.get().profiles.find((p) => p.id === DEMO_PROFILE_ID)?.dialect).toBe(dialect)
}

/** A history that does not move (not the busiest address's), short enough for one page. */
function quietAddress(sample: Sample): Sample['addresses'][number] {
  const busiest = sample.addresses[0]!
  const quiet = sample.addresses.find((a) => a.address !== busiest.address && a.count >= 5 && a.count <= 25)
  if (!quiet) throw new Error('the demo sample has no quiet address with 5 to 25 transfers')
  return quiet
}

interface RowRead {
  time: string
  hash: string
  received: string
  amount: string
  token: string
  state: string
}

/** Butter's state for each of the demo's own (src/demo/butter-view.ts): its rare 2 and 3 are a refund and a failure there. */
const BUTTER_STATE: Readonly<Record<string, string>> = { '0': '0', '1': '1', '2': '6', '3': '4' }
const stateNumber = (state: string): string => (state.split('|')[1] ?? '').replace(/\D/g, '')

/**
 * Butter tells the same transfers as ours, its own way: the same times, hashes, tokens and amounts sent; its own
 * state numbers; and what arrived in the token received (a swap's differs from the bridge's, and its row names
 * it), so a delivered row's received amount is its own.
 */
function expectButterTells(butter: RowRead[], ours: RowRead[]): void {
  const sent = (rows: RowRead[]) => rows.map(({ time, hash, amount, token }) => ({ time, hash, amount, token }))
  expect(sent(butter)).toEqual(sent(ours))
  expect(butter.map((r) => stateNumber(r.state))).toEqual(ours.map((r) => BUTTER_STATE[stateNumber(r.state)]))
  butter.forEach((r, i) => {
    // a swap's row names the token it delivered, since it is not the one sent
    if (stateNumber(r.state) === '1') {
      expect(r.received, r.hash).toMatch(/^\d[\d,]*(\.\d+)?( [A-Z]+)?$/)
      if (/ [A-Z]+$/.test(r.received)) expect(r.received.split(' ').pop(), r.hash).not.toBe(r.token)
    }
    else if (stateNumber(r.state) === '0') expect(r.received, r.hash).toBe(ours[i]!.received)
  })
}

async function readRows(page: Page): Promise<RowRead[]> {
  return page.getByTestId('transfer-row').evaluateAll((rows) =>
    rows.map((r) => {
      const text = (col: string): string =>
        (r.querySelector(`[data-col="${col}"]`)?.textContent ?? '').replace(/\s+/g, ' ').trim()
      const state = r.querySelector('[data-col="state"]')
      return {
        time: text('time'),
        hash: r.querySelector('[data-col="hashes"] a[data-hash]')?.getAttribute('title') ?? '',
        amount: text('amount'),
        received: text('received'),
        token: text('token'),
        // label and number, whether or not the column's width shows the number
        state: `${state?.querySelector('.state-label')?.textContent ?? ''}|${state?.querySelector('.state-num')?.textContent ?? ''}`
      }
    })
  )
}

test('Transfers and Charts: the same transfers, amounts and states on every dialect; what Bridge Scan lacks is said', async ({ page, harness, consoleErrors }) => {
  const sample = await demoSample(harness)
  const who = quietAddress(sample)
  const seen = new Map<Dialect, RowRead[]>()
  for (const c of CASES) {
    await useDialect(page, harness, c.dialect)
    await page.goto(`${harness.url}#/transfers`)
    await page.getByTestId('address-input').fill(who.address)
    if (c.lists) {
      await page.getByTestId('chain-select').selectOption(String(who.chainId))
    } else {
      // no chain list to pick from: the view says why and asks for the chain id
      await expect(page.getByTestId('no-chain-list')).toContainText(
        "MAP's Bridge Scan API has no chain list. It offers: history by address and chain;"
      )
      await expect(page.getByTestId('chain-select')).toHaveCount(0)
      await page.getByTestId('chain-id-input').fill(String(who.chainId))
    }
    await page.getByRole('button', { name: 'Show transfers' }).click()
    await expect(page).toHaveURL(new RegExp(`address=${who.address}&chainId=${who.chainId}`))
    await expect(page.getByTestId('transfer-row')).toHaveCount(who.count)
    const rows = await readRows(page)
    seen.set(c.dialect, rows)
    if (c.amounts) {
      for (const r of rows) {
        expect(r.amount, r.hash).toMatch(/^\d[\d,]*(\.\d+)?$/)
        expect(r.token, r.hash).toMatch(/^[A-Z]+$/)
      }
    } else {
      for (const r of rows) {
        expect([r.amount, r.received, r.token], r.hash).toEqual([NOT_PROVIDED, NOT_PROVIDED, NOT_PROVIDED])
        expect(r.state, r.hash).toBe(`|State ${NOT_PROVIDED}`)
      }
    }

    // the whole history loaded, then the charts: drawn from stable values where the service gives them,
    // and where it does not, said so (never bars of 0)
    await page.getByTestId('load-all').click()
    await expectLoadedAll(page, who.count)
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Charts', exact: true })
      .click()
    await page.getByRole('button', { name: 'All', exact: true }).click()
    if (c.values) {
      await expect(page.getByTestId('volume-charts')).toBeVisible()
      await expect(page.getByTestId('charts-not-provided')).toHaveCount(0)
    } else {
      await expect(page.getByTestId('charts-not-provided')).toContainText(
        `Volume: ${NOT_PROVIDED}. ${who.count} transfers in those histories`
      )
      await expect(page.getByTestId('volume-charts')).toHaveCount(0)
    }
  }

  // what must not change with the dialect: the transfers, their order and their times; and with every
  // dialect that has them, the amounts, tokens and states
  const [mcs, butter, mapscan] = CASES.map((c) => seen.get(c.dialect)!)
  const keys = (rows: RowRead[]): string[] => rows.map((r) => `${r.time} ${r.hash}`)
  expect(new Set(keys(mcs!)).size).toBe(who.count)
  expect(keys(butter!)).toEqual(keys(mcs!))
  expect(keys(mapscan!)).toEqual(keys(mcs!))
  expectButterTells(butter!, mcs!)
  // and the demo's history is not all alike: the comparison above covers delivered transfers and others
  expect(new Set(mcs!.map((r) => r.state)).size).toBeGreaterThan(1)
  expect(consoleErrors).toEqual([])
})

test("Settings: the demo profile's Speaks choice turns the demo itself into Butter's service and back, with the same transfers", async ({ page, harness, consoleErrors }) => {
  const who = quietAddress(await demoSample(harness))
  const show = async (): Promise<RowRead[]> => {
    await page.goto(`${harness.url}#/transfers`)
    await page.getByTestId('address-input').fill(who.address)
    await page.getByTestId('chain-select').selectOption(String(who.chainId))
    await page.getByRole('button', { name: 'Show transfers' }).click()
    await expect(page.getByTestId('transfer-row')).toHaveCount(who.count)
    return readRows(page)
  }
  const speak = (dialect: Dialect): Promise<void> => speakAs(page, harness, dialect)
  harness.context.settings.activate(DEMO_PROFILE_ID)
  await page.goto(`${harness.url}#/overview`)
  const ours = await show()
  await speak('butter')
  expect((await harness.context.endpoints.active()).endpoint.baseUrl).toMatch(/\/butter\/app$/)
  const butter = await show()
  // the same rows, now told by Butter's API at the demo's Butter endpoint
  expectButterTells(butter, ours)
  expect(harness.context.settings.get().activeProfileId).toBe(DEMO_PROFILE_ID)
  await speak('mcs')
  expect(await show()).toEqual(ours)
  expect(consoleErrors).toEqual([])
})

test("Charts: a history loaded whole while the demo spoke ours stays ours after it speaks Bridge Scan and back, and Bridge Scan's load stays Bridge Scan's", async ({ page, harness, consoleErrors }) => {
  const who = quietAddress(await demoSample(harness))
  const loadAll = async (dialect: Dialect): Promise<void> => {
    await page.goto(`${harness.url}#/transfers`)
    await page.getByTestId('address-input').fill(who.address)
    if (dialect === 'mapscan') await page.getByTestId('chain-id-input').fill(String(who.chainId))
    else await page.getByTestId('chain-select').selectOption(String(who.chainId))
    await page.getByRole('button', { name: 'Show transfers' }).click()
    await expect(page.getByTestId('transfer-row')).toHaveCount(who.count)
    await page.getByTestId('load-all').click()
    await expectLoadedAll(page, who.count)
  }
  const charts = async (): Promise<void> => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Charts', exact: true }).click()
    await page.getByRole('button', { name: 'All', exact: true }).click()
  }
  harness.context.settings.activate(DEMO_PROFILE_ID)
  await page.goto(`${harness.url}#/overview`)
  await loadAll('mcs')

  await speakAs(page, harness, 'mapscan')
  await loadAll('mapscan')
  const rows = await readRows(page)
  expect(new Set(rows.map((r) => r.amount))).toEqual(new Set([NOT_PROVIDED]))
  // the charts of what the demo says now: Bridge Scan's history only, no value in it
  await charts()
  await expect(page.getByTestId('charts-not-provided')).toContainText(`Volume: ${NOT_PROVIDED}. ${who.count} transfers in those histories`)
  await expect(page.getByTestId('volume-charts')).toHaveCount(0)

  // ours again: the history loaded in ours is still there, with its values, and Bridge Scan's is not counted
  await speakAs(page, harness, 'mcs')
  await charts()
  await expect(page.getByTestId('volume-charts')).toBeVisible()
  await expect(page.getByTestId('charts-count')).toHaveText(`${who.count} transfers in those histories`)
  await expect(page.getByTestId('charts-not-provided')).toHaveCount(0)
  expect(consoleErrors).toEqual([])
})

test('Transfer: one transfer by hash reads the same on every dialect, and Bridge Scan says what it does not give', async ({ page, harness, consoleErrors }) => {
  const sample = await demoSample(harness)
  const who = quietAddress(sample)
  const history = await harness.context.handlers['history:page'](
    { address: who.address, chainId: who.chainId, pageNo: 1, pageSize: 25, prefer: 'network' },
    { emit: () => undefined }
  )
  const done = history.data.list.find((r) => r.state.number === 1 && r.legs.destination.hash)
  if (!done) throw new Error('the quiet address has no delivered transfer')
  const seen = new Map<
    Dialect,
    { legs: string[]; sent: string; received: string; state: string; token: string; sentAt: string; updatedAt: string }
  >()
  for (const c of CASES) {
    await useDialect(page, harness, c.dialect)
    await page.goto(`${harness.url}#/transfer?hash=${done.hash}`)
    const legs = page.getByTestId('leg')
    await expect(legs.first()).toContainText('Source')
    await expect(legs.last()).toContainText('Destination')
    const read = {
      legs: (await legs.allInnerTexts()).map((t) => t.split('\n')[0]!.trim()),
      sent: ((await page.locator('.summary [data-amount]').first().textContent()) ?? '').trim(),
      received: ((await page.locator('.summary [data-amount]').last().textContent()) ?? '').trim(),
      state: ((await page.getByTestId('transfer-state').textContent()) ?? '').trim(),
      token: ((await page.getByTestId('transfer-token').textContent()) ?? '').replace(/\s+/g, ' ').trim(),
      sentAt: ((await page.getByTestId('sent-at').textContent()) ?? '').trim(),
      updatedAt: ((await page.getByTestId('updated-at').textContent()) ?? '').trim()
    }
    seen.set(c.dialect, read)
    if (c.amounts) {
      expect(read.sent).toMatch(/^\d[\d,]*(\.\d+)? [A-Z]+$/)
      expect(read.token).toContain(`(${done.sent.token!.symbol})`)
    } else {
      expect([read.sent, read.received, read.token]).toEqual([NOT_PROVIDED, NOT_PROVIDED, NOT_PROVIDED])
      await expect(page.getByTestId('transfer-type')).toHaveText(NOT_PROVIDED)
      await expect(legs.first()).toContainText(new RegExp(`Amount\\s*${NOT_PROVIDED}`))
    }
  }
  const [mcs, butter, mapscan] = CASES.map((c) => seen.get(c.dialect)!)
  // the same legs and the same state everywhere (Bridge Scan's single transfer has its state)
  expect(butter!.legs).toEqual(mcs!.legs)
  expect(mapscan!.legs).toEqual(mcs!.legs)
  expect(mcs!.state).toBe('Complete (1)')
  expect([butter!.state, mapscan!.state]).toEqual([mcs!.state, mcs!.state])
  // the same amounts in token units whether they came raw (ours) or human (Butter's single transfer); what
  // arrived in the token received: the bridge's (ours) or, for a swap, another one, with its own symbol
  expect(butter!.sent).toBe(mcs!.sent)
  const symbolOf = (text: string): string => text.split(' ').pop() ?? ''
  if (symbolOf(butter!.received) === symbolOf(mcs!.received)) expect(butter!.received).toBe(mcs!.received)
  else expect(butter!.received).toMatch(/^\d[\d,]*(\.\d+)? [A-Z]+$/)
  // when it was sent and last updated: our record's times, and Bridge Scan's from its legs (sent at the source
  // leg, updated at the latest leg, here the destination's)
  expect(mcs!.sentAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC$/)
  expect(mcs!.updatedAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC$/)
  expect([mapscan!.sentAt, mapscan!.updatedAt]).toEqual([mcs!.sentAt, mcs!.updatedAt])
  expect([butter!.sentAt, butter!.updatedAt]).toEqual([mcs!.sentAt, mcs!.updatedAt])
  expect(consoleErrors).toEqual([])
})

test('Tokens and Chains: Butter’s lists (its tokens API, every network) read as ours, grouped by chain; Bridge Scan says it has none and what it offers', async ({ page, harness, consoleErrors }) => {
  const seen = new Map<Dialect, { tokens: string; groups: string[]; chains: string[] }>()
  for (const c of CASES) {
    await useDialect(page, harness, c.dialect)
    await page.goto(`${harness.url}#/tokens`)
    if (!c.lists) {
      const box = page.getByTestId('error-box')
      await expect(box).toContainText(
        "MAP's Bridge Scan API has no token list. It offers: history by address and chain; transfer by source transaction hash; transfer by record id."
      )
      // asking again cannot change that answer
      await expect(box.getByRole('button', { name: 'Retry' })).toHaveCount(0)
      await page.goto(`${harness.url}#/chains`)
      await expect(page.getByTestId('error-box')).toContainText(
        "MAP's Bridge Scan API has no chain list. It offers:"
      )
      await expect(page.getByTestId('chain-card')).toHaveCount(0)
      continue
    }
    await expect(page.getByTestId('token-group').first()).toBeVisible()
    const tokens = ((await page.getByTestId('token-count').textContent()) ?? '').trim()
    // per chain, each token's symbol, address and decimals (badges aside: Butter does not say isMint or vaults)
    const groups = await page.getByTestId('token-group').evaluateAll((sections) =>
      sections.map((g) => {
        const rows = [...g.querySelectorAll('[data-testid="token-row"]')].map(
          (r) =>
            `${r.querySelector('.symbol')?.textContent} ${r.querySelector('[title^="0x"]')?.getAttribute('title')} ${r.querySelector('.dec')?.textContent}`
        )
        return `${g.getAttribute('data-chain-id')}: ${rows.join(', ')}`
      })
    )
    await page.goto(`${harness.url}#/chains`)
    await expect(page.getByTestId('chain-card').first()).toBeVisible()
    const chains = (await page.getByTestId('chain-card').locator('dd[data-field="chainId"]').allInnerTexts())
      .map((t) => t.trim())
      .sort()
    seen.set(c.dialect, { tokens, groups, chains })
  }
  const mcs = seen.get('mcs')!
  const butter = seen.get('butter')!
  expect(mcs.tokens).toMatch(/^\d+ tokens on \d+ chains$/)
  expect(butter).toEqual(mcs)
  expect(consoleErrors).toEqual([])
})

test('Settings: Detect service at the demo’s Butter app URL proposes Butter and asks its tokens API, naming what answered there until it is right', async ({ page, harness, consoleErrors }) => {
  const demo = await harness.context.endpoints.demoUrls()
  const urls = demoDialectUrls(demo.baseUrl, 'butter')
  await page.goto(`${harness.url}#/settings`)
  await page.getByRole('button', { name: 'Add profile' }).click()
  const form = page.getByRole('form', { name: 'New profile' })
  await form.getByLabel('Name').fill('Butter here')
  await form.getByLabel('Query service URL').fill(urls.baseUrl)
  const detected = form.getByRole('status', { name: 'Detected service' })
  const tokens = form.getByTestId('probe-tokens')

  // no tokens URL yet: proposed, not applied, and the missing second host said
  await form.getByRole('button', { name: 'Detect service' }).click()
  await expect(detected).toContainText("This URL answers as Butter's swap-data API, not as MAP bridge query service (original).")
  await expect(tokens).toContainText('no tokens API URL was given')
  await form.getByRole('button', { name: "Use Butter's swap-data API" }).click()
  await expect(form.getByLabel('Service', { exact: true })).toHaveValue('butter')

  // the app URL again where the tokens API should be: not Butter's tokens API, and what answered is named
  await form.getByLabel(/^Tokens API URL/).fill(urls.baseUrl)
  await form.getByRole('button', { name: 'Detect service' }).click()
  await expect(detected).toContainText("This URL answers as Butter's swap-data API, the service chosen.")
  await expect(tokens).toContainText(`Butter's tokens API at ${urls.baseUrl} did not answer as it does (GET /api/queryChainList): queryChainList: HTTP 404`)

  await form.getByLabel(/^Tokens API URL/).fill(urls.tokensUrl!)
  await form.getByRole('button', { name: 'Detect service' }).click()
  await expect(tokens).toHaveText(`Its tokens API at ${urls.tokensUrl} answers too.`)
  await form.getByRole('button', { name: 'Save profile' }).click()
  // saved once the list shows it (the save crosses to main and back first)
  await expect(page.locator('[data-testid=profile-row]', { hasText: 'Butter here' })).toBeVisible()
  const saved = harness.context.settings.get().profiles.find((p) => p.name === 'Butter here')
  expect(saved).toMatchObject({ dialect: 'butter', baseUrl: urls.baseUrl, tokensUrl: urls.tokensUrl })
  expect(consoleErrors).toEqual([])
})

test("Butter's demo: a swap's row and Transfer view say what arrived in the token received; a transfer still crossing, its destination chain all nulls, reads in flight", async ({ page, harness, consoleErrors }) => {
  const sample = await demoSample(harness)
  await useDialect(page, harness, 'butter')
  // a swap (received in another token than sent) and a transfer still crossing, from the demo's Butter
  let swap: { record: TableRow; who: Sample['addresses'][number] } | null = null
  let crossing: TableRow | null = null
  for (const who of sample.addresses.slice(1)) {
    const history = await harness.context.handlers['history:page']({ address: who.address, chainId: who.chainId, pageNo: 1, pageSize: 25, prefer: 'network' }, { emit: () => undefined })
    for (const r of history.data.list) {
      if (!swap && r.outcome === 'delivered' && r.received.token?.symbol && r.received.token.symbol !== r.sent.token?.symbol) swap = { record: r, who }
      if (!crossing && r.outcome === 'in-flight' && r.legs.destination.chainName === null) crossing = r
    }
    if (swap && crossing) break
  }
  if (!swap || !crossing) throw new Error('the demo speaking Butter has no swap or no transfer crossing')
  const { record, who } = swap

  await page.goto(`${harness.url}#/transfers?address=${who.address}&chainId=${who.chainId}`)
  const row = page.getByTestId('transfer-row').filter({ has: page.locator(`a[data-hash][title="${record.hash}"]`) })
  // the row names the token a swap delivered, since it is not the one sent
  await expect(row.locator('[data-col="received"]')).toHaveText(new RegExp(`^\\s*\\d[\\d,]*(\\.\\d+)? ${record.received.token!.symbol}\\s*$`))

  await page.goto(`${harness.url}#/transfer?hash=${record.hash}`)
  const received = page.locator('.summary [data-amount]').last()
  await expect(received).toHaveText(new RegExp(`^\\d[\\d,]*(\\.\\d+)? ${record.received.token!.symbol}$`))
  await expect(page.locator('.summary [data-amount]').first()).toHaveText(new RegExp(` ${record.sent.token!.symbol}$`))

  await page.goto(`${harness.url}#/transfer?hash=${crossing.hash}`)
  await expect(page.getByTestId('transfer-pending')).toBeVisible()
  await expect(page.getByTestId('error-box')).toHaveCount(0)
  await expect(page.getByTestId('decode-issues')).toHaveCount(0)
  expect(consoleErrors).toEqual([])
})
