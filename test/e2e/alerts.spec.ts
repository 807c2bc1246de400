// Settings → Alerts: webhook sinks added from the page, a test alert through the same sink code to a
// receiver on 127.0.0.1, its failure shown, the URL kept out of the page after saving and out of the export.
import { createServer, type Server } from 'node:http'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import { test, expect, startHarness } from './fixtures'

const TOKEN = 'T0KEN1234secretPATH5678'

/** A webhook receiver on 127.0.0.1 answering `status`; its URL carries the token in path and query. */
async function receiver(status: number): Promise<{ url: string; bodies: unknown[]; close(): Promise<void> }> {
  const bodies: unknown[] = []
  const server: Server = createServer((req, res) => {
    let text = ''
    req.on('data', (c: Buffer) => (text += c.toString()))
    req.on('end', () => {
      bodies.push(JSON.parse(text))
      res.writeHead(status).end()
    })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()))
  const addr = server.address()
  const port = typeof addr === 'object' && addr ? addr.port : 0
  return {
    url: `http://127.0.0.1:${port}/hooks/${TOKEN}?sig=${TOKEN}`,
    bodies,
    close: () => new Promise<void>((r) => server.close(() => r()))
  }
}

test('add a webhook, send a test alert: the receiver gets one JSON document and the panel says delivered', async ({
  page,
  harness,
  dataDir,
  consoleErrors
}) => {
  const hook = await receiver(200)
  try {
    await page.goto(`${harness.url}#/settings`)
    const panel = page.getByTestId('alerts-panel')
    await expect(panel.getByTestId('alerts-unencrypted')).toContainText('stored unencrypted: no OS keychain')
    await panel.getByRole('button', { name: 'Add webhook' }).click()
    const form = panel.getByRole('form', { name: 'New webhook' })
    await form.getByLabel('Webhook URL').fill(hook.url)
    await form.getByLabel(/^Label/).fill('Ops channel')
    await form.getByRole('button', { name: 'Save webhook' }).click()

    const sink = panel.getByTestId('alert-sink').filter({ hasText: 'Ops channel' })
    await expect(sink.getByTestId('alert-url')).toHaveText(/^http:\/\/127\.0\.0\.1:\d+\/…$/)
    await expect(sink.getByTestId('alert-storage')).toHaveText('stored unencrypted: no OS keychain')
    await sink.getByRole('button', { name: 'Send test alert' }).click()
    await expect(sink.getByTestId('alert-status')).toContainText('Delivered test alert')
    expect(hook.bodies).toHaveLength(1)
    expect(hook.bodies[0]).toMatchObject({
      event: 'test',
      message: expect.stringContaining('Bridgescope test alert') as unknown,
      at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as unknown
    })

    // After saving, the page never has the URL again: not in the page, not in what main answers.
    expect(await page.content()).not.toContain(TOKEN)
    const listed = await page.evaluate(() =>
      (globalThis as unknown as { bridgescope: { alertsList(): Promise<unknown> } }).bridgescope.alertsList()
    )
    expect(listed).toMatchObject({ ok: true, value: { sinks: [{ label: 'Ops channel' }] } })
    expect(JSON.stringify(listed)).not.toContain(TOKEN)
    // Settings hold no URL; the secrets file holds it, readable by this user only.
    expect(readFileSync(join(dataDir, 'settings.json'), 'utf8')).not.toContain(TOKEN)
    expect(readFileSync(join(dataDir, 'secrets.json'), 'utf8')).toContain(TOKEN)

    // The export names the webhook but not its URL.
    const downloading = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Export settings…' }).click()
    const exported = readFileSync(await (await downloading).path(), 'utf8')
    expect(exported).toContain('Ops channel')
    expect(exported).not.toContain(TOKEN)
    expect(exported).toContain('not exported')

    // Editing without a URL keeps the saved one: the next test still reaches the receiver.
    await sink.getByRole('button', { name: 'Edit' }).click()
    await sink.getByRole('form').getByLabel('Format').selectOption('slack')
    await sink.getByRole('form').getByRole('button', { name: 'Save webhook' }).click()
    await expect(sink.getByText('Slack', { exact: true })).toBeVisible()
    await sink.getByRole('button', { name: 'Send test alert' }).click()
    await expect.poll(() => hook.bodies.length).toBe(2)
    expect(hook.bodies[1]).toEqual({ text: expect.stringContaining('Bridgescope test alert') as unknown })
    await panel.screenshot({ path: test.info().outputPath('alerts.png') })
    expect(consoleErrors).toEqual([])
  } finally {
    await hook.close()
  }
})

test('a receiver answering 500 shows as a failure with its status; a bad URL is refused naming the field', async ({
  page,
  harness
}) => {
  const hook = await receiver(500)
  try {
    await page.goto(`${harness.url}#/settings`)
    const panel = page.getByTestId('alerts-panel')
    await panel.getByRole('button', { name: 'Add webhook' }).click()
    const form = panel.getByRole('form', { name: 'New webhook' })
    await form.getByLabel('Webhook URL').fill(`http://me:pw@127.0.0.1:9/hook`)
    await form.getByRole('button', { name: 'Save webhook' }).click()
    await expect(form.getByRole('alert')).toContainText(
      'Webhook URL: a URL with a user name or password is not supported'
    )
    await expect(form.getByLabel('Webhook URL')).toHaveAttribute('aria-invalid', 'true')
    await form.getByLabel('Webhook URL').fill('ftp://127.0.0.1/hook')
    await form.getByRole('button', { name: 'Save webhook' }).click()
    await expect(form.getByRole('alert')).toContainText('Webhook URL: must be an http(s) URL')
    expect(harness.context.settings.get().webhooks).toEqual([])

    await form.getByLabel('Webhook URL').fill(hook.url)
    await form.getByRole('button', { name: 'Save webhook' }).click()
    const sink = panel.getByTestId('alert-sink')
    await sink.getByRole('button', { name: 'Send test alert' }).click()
    await expect(sink.getByTestId('alert-status')).toContainText('Failed')
    await expect(sink.getByTestId('alert-status')).toContainText('HTTP 500')

    // A receiver that is not there: the panel says the connection was refused.
    await hook.close()
    await sink.getByRole('button', { name: 'Send test alert' }).click()
    await expect(sink.getByTestId('alert-status')).toContainText('connection refused')

    await sink.getByRole('button', { name: 'Remove' }).click()
    await sink.getByRole('group').getByRole('button', { name: 'Remove' }).click()
    await expect(panel.getByTestId('alert-sink')).toHaveCount(0)
    expect(harness.context.settings.get().webhooks).toEqual([])
  } finally {
    await hook.close().catch(() => undefined)
  }
})

for (const theme of ['light', 'dark'] as const) {
  test(`axe finds no violation on Settings with webhooks, in ${theme}`, async ({ browser, dataDir }) => {
    const harness = await startHarness({ dataDir })
    const hook = await receiver(500)
    const context = await browser.newContext({
      bypassCSP: true,
      viewport: { width: 1400, height: 900 },
      colorScheme: theme
    })
    const page = await context.newPage()
    try {
      await harness.context.alerts.save({ label: 'Delivered', url: hook.url })
      const failing = await harness.context.alerts.save({
        label: 'Failing',
        url: hook.url,
        format: 'discord',
        enabled: false
      })
      await harness.context.alerts.test(failing.sinks[1]?.id ?? '')
      await page.goto(`${harness.url}#/settings`)
      await page.locator('#settings-theme').selectOption(theme)
      const panel = page.getByTestId('alerts-panel')
      await expect(panel.getByTestId('alert-sink')).toHaveCount(2)
      await expect(panel.getByTestId('alert-status').nth(1)).toContainText('HTTP 500')
      await panel.getByTestId('alert-sink').first().getByRole('button', { name: 'Edit' }).click()
      await panel.getByRole('form').getByRole('button', { name: 'Save webhook' }).waitFor()
      const result = await new AxeBuilder({ page }).analyze()
      expect(
        result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)
      ).toEqual([])
    } finally {
      await context.close()
      await hook.close()
      await harness.close()
    }
  })
}
