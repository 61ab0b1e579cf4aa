// The test wallet's paymasterService option against anvil and the server's paymaster (over HTTP, as a wallet reaches
// it): it reports the capability, and a batch given the paymaster URL has its gas paid from the paymaster's deposit.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPublicClient, createTestClient, http, parseAbi, parseEther, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { entryPoint08Abi } from 'viem/account-abstraction'
import { openTestStore } from '../../server/api/testing/store.js'
import { spawnAnvil, type AnvilNode } from '../../server/chains/anvil.js'
import { resolveConfig } from '../../server/config.js'
import { deployAccountAbstraction } from '../../server/contracts/account-abstraction.js'
import { deployLocalPaymaster } from '../../server/contracts/paymaster.js'
import { paymasterRpc } from '../../server/paymaster/rpc.js'
import { createSponsor } from '../../server/paymaster/sponsor.js'
import type { Store } from '../../server/store/store.js'
import { createTestWalletCore } from '../../testing/wallet-core.js'

const PROJECT = 'ab'.repeat(16)
let node: AnvilNode
let store: Store
let server: Server
let url: string
let aa: { entryPoint: Hex; accountFactory: Hex }
let paymaster: Hex

beforeAll(async () => {
  node = await spawnAnvil({ chainId: 31337 })
  store = await openTestStore()
  aa = await deployAccountAbstraction(node.rpcUrl)
  const signerKey = generatePrivateKey()
  paymaster = await deployLocalPaymaster(node.rpcUrl, { entryPoint: aa.entryPoint, signerKey })
  const config = resolveConfig({ projects: { [PROJECT]: { sponsorship: { enabled: true } } } })
  const chains = [
    { caipNetworkId: 'eip155:31337', chainId: 31337, rpcUrl: node.rpcUrl, entryPoint: aa.entryPoint, paymaster },
  ]
  const sponsor = createSponsor({ config, store, chains, signerKey })
  server = createServer((req, res) => {
    let body = ''
    req.on('data', (d) => (body += d))
    req.on('end', async () => {
      const answer = await paymasterRpc(
        sponsor,
        new URL(req.url!, 'http://x').searchParams.get('projectId') ?? '',
        JSON.parse(body),
      )
      res.setHeader('content-type', 'application/json')
      res.end(JSON.stringify(answer))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/paymaster?projectId=${PROJECT}`
}, 60_000)
afterAll(async () => {
  server?.close()
  await node?.close()
  await store?.close()
})

describe('the test wallet with paymasterService', () => {
  it('reports the capability and has its batch paid by the paymaster at the given URL', async () => {
    const privateKey = generatePrivateKey()
    const owner = privateKeyToAccount(privateKey).address
    const pub = createPublicClient({ transport: http(node.rpcUrl) })
    const smartAccount = await pub.readContract({
      address: aa.accountFactory,
      abi: parseAbi(['function getAddress(address owner, uint256 salt) view returns (address)']),
      functionName: 'getAddress',
      args: [owner, 0n],
    })
    const anvil = createTestClient({ mode: 'anvil', transport: http(node.rpcUrl) })
    await anvil.setBalance({ address: owner, value: parseEther('1') }) // the owner submits handleOps
    await anvil.setBalance({ address: smartAccount, value: parseEther('1') })
    const wallet = createTestWalletCore(
      {
        privateKey,
        smartAccount,
        chains: [{ chainId: 31337, rpcUrl: node.rpcUrl }],
        paymasterService: { factory: aa.accountFactory },
      },
      async () => {},
    )
    expect(await wallet.request('eth_requestAccounts')).toEqual([smartAccount])
    expect(await wallet.request('wallet_getCapabilities', [smartAccount, ['0x7a69']])).toEqual({
      '0x7a69': { atomic: { status: 'supported' }, paymasterService: { supported: true } },
    })
    const deposit = () =>
      pub.readContract({ address: aa.entryPoint, abi: entryPoint08Abi, functionName: 'balanceOf', args: [paymaster] })
    const before = await deposit()
    const receiver = privateKeyToAccount(generatePrivateKey()).address
    const { id } = (await wallet.request('wallet_sendCalls', [
      {
        version: '2.0.0',
        chainId: '0x7a69',
        from: smartAccount,
        atomicRequired: true,
        calls: [{ to: receiver, value: '0x100' }],
        capabilities: { paymasterService: { url } },
      },
    ])) as { id: string }
    expect(await wallet.request('wallet_getCallsStatus', [id])).toMatchObject({ status: 200 })
    expect(await pub.getBalance({ address: receiver })).toBe(0x100n)
    expect(await pub.getBalance({ address: smartAccount })).toBe(parseEther('1') - 0x100n)
    expect(await deposit()).toBeLessThan(before)

    // a project without sponsorship: the paymaster's refusal reaches the page
    await expect(
      wallet.request('wallet_sendCalls', [
        {
          chainId: '0x7a69',
          calls: [{ to: receiver, value: '0x1' }],
          capabilities: { paymasterService: { url: url.replace(PROJECT, 'cd'.repeat(16)) } },
        },
      ]),
    ).rejects.toThrow(/Paymaster: Gas sponsorship is off/)
    // without the capability the account pays its own gas
    await wallet.request('wallet_sendCalls', [{ chainId: '0x7a69', calls: [{ to: receiver, value: '0x1' }] }])
    expect(await pub.getBalance({ address: smartAccount })).toBeLessThan(parseEther('1') - 0x101n)
  })
})
