// Registration signed by smart accounts on a real chain (anvil): ERC-1271 for a deployed account, ERC-6492 for one
// that is not deployed yet, checked through the coin type's chain; EOAs still need no RPC call.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  http,
  parseAbi,
  serializeErc6492Signature,
  type Address,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts'
import { spawnAnvil, type AnvilNode } from '../chains/anvil.js'
import { compileContract } from '../contracts/compile.js'
import { createTestApi, type TestApi } from '../api/testing/harness.js'
import { evmChainIdToCoinType } from '../../protocol/coin-type.js'

const CHAIN_ID = 8453
const COIN_TYPE = evmChainIdToCoinType(CHAIN_ID)
// anvil's first default account pays for the deployments
const funder = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80')
const owner = privateKeyToAccount(generatePrivateKey())
const stranger = privateKeyToAccount(generatePrivateKey())
const factoryAbi = parseAbi([
  'function deploy(address owner, bytes32 salt) returns (address)',
  'function addressOf(address owner, bytes32 salt) view returns (address)',
])
const SALT_DEPLOYED = `0x${'01'.padStart(64, '0')}` as const
const SALT_COUNTERFACTUAL = `0x${'02'.padStart(64, '0')}` as const

let anvil: AnvilNode
let api: TestApi
let factory: Address
let deployed: Address
let counterfactual: Address

beforeAll(async () => {
  anvil = await spawnAnvil({ chainId: CHAIN_ID })
  const transport = http(anvil.rpcUrl, { retryCount: 0 })
  const pub = createPublicClient({ transport, pollingInterval: 50 })
  const wallet = createWalletClient({ transport, account: funder })
  const { bytecode } = await compileContract('TestSmartAccount.sol', 'TestSmartAccountFactory')
  const hash = await wallet.deployContract({ abi: factoryAbi, bytecode, chain: null })
  factory = (await pub.waitForTransactionReceipt({ hash })).contractAddress!
  const deployHash = await wallet.writeContract({
    address: factory,
    abi: factoryAbi,
    functionName: 'deploy',
    args: [owner.address, SALT_DEPLOYED],
    chain: null,
  })
  await pub.waitForTransactionReceipt({ hash: deployHash })
  const read = (salt: `0x${string}`) =>
    pub.readContract({ address: factory, abi: factoryAbi, functionName: 'addressOf', args: [owner.address, salt] })
  ;[deployed, counterfactual] = await Promise.all([read(SALT_DEPLOYED), read(SALT_COUNTERFACTUAL)])
  expect(await pub.getCode({ address: deployed })).toMatch(/^0x[0-9a-f]{20,}/)
  expect(await pub.getCode({ address: counterfactual })).toBeUndefined()
  api = await createTestApi({
    config: {
      chains: [
        {
          chainId: CHAIN_ID,
          caipNetworkId: `eip155:${CHAIN_ID}`,
          name: 'Base (anvil)',
          rpcUrl: anvil.rpcUrl,
          nativeSymbol: 'ETH',
          nativeName: 'Ether',
          nativeDecimals: 18,
          testnet: false,
          tokens: [],
        },
      ],
    },
  })
})
afterAll(async () => {
  await api?.close()
  await anvil?.close()
})

const now = () => Math.floor(Date.now() / 1000)

async function registration(name: string, address: Address, signer: PrivateKeyAccount) {
  const message = JSON.stringify({ name, attributes: {}, coinType: COIN_TYPE, timestamp: now() })
  return { coinType: COIN_TYPE, address, message, signature: await signer.signMessage({ message }) }
}

describe('smart-account signatures', () => {
  it('accepts a deployed ERC-1271 account signed by its owner key, and refuses another key', async () => {
    const res = await api.client.post<any>('/v1/names', await registration('smart-one', deployed, owner))
    expect(res.status).toBe(201)
    expect(res.body.addresses[String(COIN_TYPE)].address).toBe(deployed)
    const forged = await api.client.post<any>('/v1/names', await registration('smart-two', deployed, stranger))
    expect(forged.status).toBe(403)
    expect(forged.body.error).toBe('invalid_signature')
  })

  it('accepts an ERC-6492 signature of an account that is not deployed yet', async () => {
    const body = await registration('smart-later', counterfactual, owner)
    const wrapped = serializeErc6492Signature({
      address: factory,
      data: encodeFunctionData({ abi: factoryAbi, functionName: 'deploy', args: [owner.address, SALT_COUNTERFACTUAL] }),
      signature: body.signature,
    })
    // the raw owner signature is not the counterfactual account's: without the deployment data it fails
    expect((await api.client.post('/v1/names', body)).status).toBe(403)
    const res = await api.client.post<any>('/v1/names', { ...body, signature: wrapped })
    expect(res.status).toBe(201)
    expect(res.body.addresses[String(COIN_TYPE)].address).toBe(counterfactual)
  })

  it('checks EOAs through the same chain, and answers 502 when a smart account cannot be checked', async () => {
    const eoa = await api.client.post('/v1/names', await registration('plain-eoa', owner.address, owner))
    expect(eoa.status).toBe(201)
    const down = await createTestApi({
      store: api.store,
      config: { chains: [{ ...api.config.chains[0], rpcUrl: 'http://127.0.0.1:1' }] },
    })
    const res = await down.client.post<any>('/v1/names', await registration('smart-down', deployed, owner))
    expect(res.status).toBe(502)
    expect(res.body.error).toBe('rpc_unavailable')
    // an EOA signature is recovered without the chain
    expect((await down.client.post('/v1/names', await registration('eoa-down', owner.address, owner))).status).toBe(201)
  })
})
