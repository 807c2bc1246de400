// @vitest-environment jsdom
// An error for people: what failed in a sentence, the one action that can help, the technical words folded.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, render, screen } from '@testing-library/svelte'
import ErrorBox from '../../../../src/renderer/src/components/ErrorBox.svelte'
import { errorHelp } from '../../../../src/shared/error-help'
import type { AppErrorData } from '../../../../src/shared/errors'

afterEach(cleanup)

const refused: AppErrorData = {
  kind: 'network',
  operation: 'queryHistory',
  message:
    'cannot reach the service: nothing answers at 127.0.0.1:59999: the connection was refused (ECONNREFUSED)'
}

describe('ErrorBox', () => {
  it('a refused connection reads as a sentence, points to Settings, and keeps the raw words in a fold', () => {
    const onretry = vi.fn()
    render(ErrorBox, { error: refused, what: 'Loading the history', onretry })
    const box = screen.getByTestId('error-box')
    const lead = box.querySelector('.what')?.textContent ?? ''
    expect(lead).toBe(
      'Loading the history failed. Nothing answers at 127.0.0.1:59999: the query service is not running there, or the URL in Settings is wrong.'
    )
    expect(lead).not.toMatch(/ECONNREFUSED|queryHistory|network\)/)
    expect(screen.getByTestId('error-settings').getAttribute('href')).toBe('#/settings')
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull()
    expect(box.querySelector('details')?.open).toBe(false)
    expect(screen.getByTestId('error-detail').textContent).toContain('ECONNREFUSED')
    expect(screen.getByTestId('error-detail').textContent).toContain('queryHistory')
  })
  it('no Retry where asking again gives the same answer: a missing URL, an unknown epoch, bad input', () => {
    const cases: AppErrorData[] = [
      { kind: 'input', field: 'rpcUrl', message: 'no JSON-RPC URL is configured' },
      {
        kind: 'rpc',
        operation: 'tss_getVault',
        code: -32000,
        message: 'the node answered error -32000: epoch not found'
      },
      { kind: 'input', field: 'txHash', message: 'a transaction hash is 0x and 64 hex digits' }
    ]
    for (const error of cases) {
      render(ErrorBox, { error, what: 'It', onretry: vi.fn() })
      expect(screen.queryByRole('button', { name: 'Retry' }), error.message).toBeNull()
      cleanup()
    }
    render(ErrorBox, { error: cases[0]!, what: 'Loading the vault' })
    expect(screen.getByTestId('error-box').textContent).toContain(
      'This profile has no URL for the node (JSON-RPC). Add one in Settings.'
    )
    expect(screen.getByTestId('error-settings')).toBeTruthy()
  })
  it('Retry where it can help: a timeout, a busy service', () => {
    for (const error of [
      { kind: 'timeout', operation: 'queryHistory', message: 'no complete answer within 15 s' },
      { kind: 'http', operation: 'queryHistory', code: 503, message: 'HTTP 503 Service Unavailable' }
    ] as AppErrorData[]) {
      const onretry = vi.fn()
      render(ErrorBox, { error, what: 'It', onretry })
      void fireEvent.click(screen.getByRole('button', { name: 'Retry' }))
      expect(onretry).toHaveBeenCalledOnce()
      cleanup()
    }
  })
})

describe('error help', () => {
  it('the node says what it says, in words', () => {
    expect(
      errorHelp({ kind: 'rpc', code: -32000, message: 'the node answered error -32000: epoch not found' })
        .sentence
    ).toBe('The node answered: epoch not found.')
  })
  it('a missing TSS URL sends the user to Settings', () => {
    const h = errorHelp({
      kind: 'input',
      field: 'tssUrl',
      message: 'This profile has no TSS API URL: add one in Settings → Endpoint profiles.'
    })
    expect(h.action).toBe('settings')
    expect(h.sentence).toBe("This profile has no URL for MAP's TSS API. Add one in Settings.")
  })
  it('a port the network stack refuses is its own case: the port named, Settings offered, never "nothing answers"', () => {
    for (const [operation, service] of [['queryChainList', 'the query service'], ['tss_getVault', 'the node (JSON-RPC)']] as const) {
      const h = errorHelp({ kind: 'network', operation, message: 'cannot reach the service: port 9 is one the network stack refuses to connect to (a port kept for another protocol)' })
      expect(h.sentence).toBe(`Port 9 is one the network stack refuses to connect to (it is kept for another protocol), so ${service} cannot be there: correct the URL in Settings.`)
      expect(h.action).toBe('settings')
      expect(h.endpoint).toBe(true)
    }
    // what must not change: a closed port still reads as nothing answering there
    expect(errorHelp(refused).sentence).toMatch(/^Nothing answers at 127\.0\.0\.1:59999/)
  })
})
