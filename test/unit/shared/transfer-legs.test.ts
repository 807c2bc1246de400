// The relayer leg whenever the service sends it, checked on MAP's own published queryBridgeInfo example
// (mapprotocol/docs, develop/mcs/api/api.md; test/fixtures/map/query-bridge-info.json, copied verbatim): it has
// relayerChainId null together with a full relayerObject.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { parseBody } from '../../../src/main/client/lossless-json'
import { decodeTransferDetail } from '../../../src/main/client/mcs/decode'
import { unwrapEnvelope } from '../../../src/main/client/envelope'
import { transferBlock } from '../../../src/cli/format'
import { defaultSettings } from '../../../src/shared/schemas/settings'
import { relayerLeg, transferLegs } from '../../../src/shared/transfer-legs'
import { transferOfDetail } from '../../../src/shared/transfer'

const body = readFileSync('test/fixtures/map/query-bridge-info.json', 'utf8')
const detail = decodeTransferDetail(unwrapEnvelope(parseBody(body, 'queryBridgeInfo', 200, 'application/json'), 'queryBridgeInfo'))

describe('relayer leg', () => {
  it("MAP's published example: relayerChainId null with a relayerObject is a relayer leg on MAP Makalu (22776)", () => {
    expect(detail.relayerChainId).toBeNull()
    expect(relayerLeg(detail)).toMatchObject({ chainId: 22776, chainName: 'MAP Makalu', hash: null, height: null })
  })
  it("the CLI's text names the relayer chain instead of printing -", () => {
    const line = transferBlock(transferOfDetail(detail), defaultSettings().labels).split('\n').find((l) => l.startsWith('Relayer')) as string
    expect(line).toMatch(/^Relayer\s+MAP Makalu \(22776\) height - -$/)
  })
  it('no relayer chain, object or hash: no relayer leg', () => {
    expect(relayerLeg({ ...detail, relayerObject: null })).toBeNull()
    expect(relayerLeg({ ...detail, relayerObject: null, relayerChainId: 22776 })).toMatchObject({ chainId: 22776, chainName: 'Chain 22776' })
  })
})

describe('the legs of a transfer', () => {
  it('source, relayer when there is one, destination: in the order the transfer travels', () => {
    expect(transferLegs(detail).map((l) => l.role)).toEqual(['Source', 'Relayer', 'Destination'])
    expect(transferLegs({ ...detail, relayerObject: null }).map((l) => l.role)).toEqual(['Source', 'Destination'])
  })
  it('each end is where the detail says it ran; a destination not yet reached has no hash', () => {
    const [source, , destination] = transferLegs(detail)
    expect(source).toMatchObject({ chainId: detail.fromChainId, chainName: detail.fromChainName, height: detail.fromHeight, confirmHeight: detail.confirmHeight, hash: detail.fromHash })
    expect(destination).toMatchObject({ chainId: detail.toChainId, height: detail.transferInHeight, confirmHeight: detail.transferInConfirmHeight })
    expect(transferLegs({ ...detail, transferInHash: '' }).at(-1)?.hash).toBeNull()
  })
})
