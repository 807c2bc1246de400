// @vitest-environment jsdom
// Choosing the service a profile speaks: presets fill the documented public hosts (said to be third-party), and
// "Detect service" proposes the dialect that answered but changes nothing until the user confirms it.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, render, screen } from '@testing-library/svelte'
import ProfileForm from '../../../../src/renderer/src/components/settings/ProfileForm.svelte'
import type { DialectProbe } from '../../../../src/shared/contract'

afterEach(cleanup)

function api(probe: DialectProbe) {
  const profilesSave = vi.fn(async (_input: Record<string, unknown>) => ({ ok: true, value: {} }))
  const profilesProbe = vi.fn(async (_input: Record<string, unknown>) => ({ ok: true, value: probe }))
  Object.assign(window, { bridgescope: { profilesSave, profilesProbe, on: () => () => undefined } })
  return { profilesSave, profilesProbe }
}

const butterAnswered: DialectProbe = {
  proposal: 'butter',
  tried: [
    { dialect: 'mcs', request: 'POST /api/queryChainList', recognised: false, answer: 'queryChainList: HTTP 405 Method Not Allowed' },
    { dialect: 'butter', request: 'GET /api/queryBridgeHistoryByAddress', recognised: true, answer: 'answered as this service does' },
    { dialect: 'mapscan', request: 'GET /api/queryHistoryByChainIdAddress', recognised: false, answer: 'queryHistoryByChainIdAddress: HTTP 404 Not Found' }
  ],
  tokens: { url: 'http://127.0.0.1:9/butter/tokens', request: 'GET /api/queryChainList', recognised: true, answer: "answered as Butter's tokens API does" }
}
const service = () => screen.getByLabelText('Service') as HTMLSelectElement

describe('the profile form: service and presets', () => {
  it('offers Butter and Bridge Scan presets, each marked as a public third-party service, and fills their hosts', async () => {
    const { profilesSave } = api(butterAnswered)
    render(ProfileForm, { profile: null, onsaved: vi.fn(), oncancel: vi.fn() })
    expect(screen.getAllByText(/public third-party service/)).toHaveLength(2)
    await fireEvent.click(screen.getByRole('button', { name: "Butter's swap-data API" }))
    expect(service().value).toBe('butter')
    expect((screen.getByLabelText('Query service URL') as HTMLInputElement).value).toBe('https://bs-app-api.chainservice.io')
    expect((screen.getByLabelText(/^Tokens API URL/) as HTMLInputElement).value).toBe('https://bs-tokens-api.chainservice.io')
    await fireEvent.click(screen.getByRole('button', { name: 'Save profile' }))
    expect(profilesSave.mock.calls[0]![0]).toMatchObject({ name: "Butter's swap-data API", dialect: 'butter', tokensUrl: 'https://bs-tokens-api.chainservice.io' })
    // Bridge Scan needs no tokens API: the field goes, and nothing of Butter's is saved with it
    await fireEvent.click(screen.getByRole('button', { name: "MAP's Bridge Scan API" }))
    expect(screen.queryByLabelText(/^Tokens API URL/)).toBeNull()
    await fireEvent.click(screen.getByRole('button', { name: 'Save profile' }))
    expect(profilesSave.mock.calls[1]![0]).toMatchObject({ dialect: 'mapscan', baseUrl: 'https://bn-api.chainservice.io', tokensUrl: '' })
  })

  it('shows the detected service as a proposal and applies it only on confirm', async () => {
    const { profilesProbe, profilesSave } = api(butterAnswered)
    render(ProfileForm, { profile: null, onsaved: vi.fn(), oncancel: vi.fn() })
    await fireEvent.input(screen.getByLabelText(/^Name/), { target: { value: 'Mine' } })
    await fireEvent.input(screen.getByLabelText('Query service URL'), { target: { value: 'http://127.0.0.1:9/butter/app' } })
    await fireEvent.click(screen.getByRole('button', { name: 'Detect service' }))
    expect(profilesProbe).toHaveBeenCalledOnce()
    const status = await screen.findByRole('status', { name: 'Detected service' })
    expect(status.textContent).toContain("answers as Butter's swap-data API")
    // proposed, not applied: the choice and what a save would send are still ours
    expect(service().value).toBe('mcs')
    await fireEvent.click(screen.getByRole('button', { name: 'Save profile' }))
    expect(profilesSave.mock.calls[0]![0]).toMatchObject({ dialect: 'mcs' })
    await fireEvent.click(screen.getByRole('button', { name: "Use Butter's swap-data API" }))
    expect(service().value).toBe('butter')
    expect(screen.queryByRole('status', { name: 'Detected service' })).toBeNull()
  })

  it('declining the proposal keeps the chosen service', async () => {
    api(butterAnswered)
    render(ProfileForm, { profile: null, onsaved: vi.fn(), oncancel: vi.fn() })
    await fireEvent.click(screen.getByRole('button', { name: 'Detect service' }))
    await fireEvent.click(await screen.findByRole('button', { name: /^Keep / }))
    expect(service().value).toBe('mcs')
  })

  it('when nothing is recognised, says what answered for each service tried', async () => {
    api({ proposal: null, tokens: null, tried: butterAnswered.tried.map((t) => ({ ...t, recognised: false, answer: `${t.request}: HTTP 418 I'm a teapot: the service sent an HTML page instead of JSON` })) })
    render(ProfileForm, { profile: null, onsaved: vi.fn(), oncancel: vi.fn() })
    await fireEvent.click(screen.getByRole('button', { name: 'Detect service' }))
    const status = await screen.findByRole('status', { name: 'Detected service' })
    expect(status.textContent).toContain('No service recognised')
    expect(status.querySelectorAll('li')).toHaveLength(3)
    for (const li of status.querySelectorAll('li')) expect(li.textContent).toMatch(/HTTP 418/)
    expect(screen.queryByRole('button', { name: /^Use / })).toBeNull()
    expect(service().value).toBe('mcs')
  })

  it("says Butter's tokens API answers too, and confirming Butter brings the tokens URL the probe asked", async () => {
    api(butterAnswered)
    render(ProfileForm, { profile: null, onsaved: vi.fn(), oncancel: vi.fn() })
    await fireEvent.click(screen.getByRole('button', { name: 'Detect service' }))
    expect((await screen.findByTestId('probe-tokens')).textContent).toBe('Its tokens API at http://127.0.0.1:9/butter/tokens answers too.')
    await fireEvent.click(screen.getByRole('button', { name: "Use Butter's swap-data API" }))
    expect((screen.getByLabelText(/^Tokens API URL/) as HTMLInputElement).value).toBe('http://127.0.0.1:9/butter/tokens')
  })

  it("a tokens URL that does not answer as Butter's tokens API is reported with what answered; the URL typed is kept", async () => {
    const answer = "queryChainList: HTTP 405 Method Not Allowed"
    api({ ...butterAnswered, tokens: { url: 'http://127.0.0.1:9/api-of-ours', request: 'GET /api/queryChainList', recognised: false, answer } })
    render(ProfileForm, { profile: null, onsaved: vi.fn(), oncancel: vi.fn() })
    await fireEvent.click(screen.getByRole('button', { name: "Butter's swap-data API" }))
    await fireEvent.input(screen.getByLabelText(/^Tokens API URL/), { target: { value: 'http://127.0.0.1:9/api-of-ours' } })
    await fireEvent.click(screen.getByRole('button', { name: 'Detect service' }))
    const report = await screen.findByTestId('probe-tokens')
    expect(report.textContent).toContain("Butter's tokens API at http://127.0.0.1:9/api-of-ours did not answer as it does (GET /api/queryChainList): queryChainList: HTTP 405 Method Not Allowed.")
    expect(report.textContent).toContain('Chains and tokens will fail until the tokens URL is right.')
    expect((screen.getByLabelText(/^Tokens API URL/) as HTMLInputElement).value).toBe('http://127.0.0.1:9/api-of-ours')
  })

  it('offline (every try failed to look its host up): says so and points to the connection or proxy, not to a service that answered', async () => {
    const dns = (op: string): string => `${op}: cannot reach the service: ENOTFOUND (getaddrinfo ENOTFOUND bs-app-api.chainservice.io)`
    const offline: DialectProbe = {
      proposal: null,
      tried: butterAnswered.tried.map((t) => ({ ...t, recognised: false, answer: dns(t.request.split('/').pop() ?? '') })),
      tokens: null
    }
    api(offline)
    render(ProfileForm, { profile: null, onsaved: vi.fn(), oncancel: vi.fn() })
    await fireEvent.click(screen.getByRole('button', { name: 'Detect service' }))
    const said = await screen.findByTestId('probe-offline')
    expect(said.textContent).toMatch(/You seem to be offline, or a proxy is\s+needed/)
    expect(screen.queryByText(/What answered:/)).toBeNull()
    // what must not change: one service answering (a 405 is an answer) keeps the list of what answered
    cleanup()
    api({ ...offline, tried: offline.tried.map((t, i) => (i === 0 ? { ...t, answer: 'queryChainList: HTTP 405 Method Not Allowed' } : t)) })
    render(ProfileForm, { profile: null, onsaved: vi.fn(), oncancel: vi.fn() })
    await fireEvent.click(screen.getByRole('button', { name: 'Detect service' }))
    expect(await screen.findByText(/No service recognised at this URL. What answered:/)).toBeTruthy()
    expect(screen.queryByTestId('probe-offline')).toBeNull()
  })
})
