import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestClient, http, parseEther, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { entryPoint08Abi, entryPoint08Address } from 'viem/account-abstraction'
import { spawnAnvil, type AnvilNode } from '../chains/anvil.js'
import { deployAccountAbstraction } from '../contracts/account-abstraction.js'
import {
  isDeployed,
  publicClientFor,
  sendUserOperation,
  smartAccountAddress,
  type SmartAccountChain,
} from './smart-account.js'

let node: AnvilNode
let chain: SmartAccountChain
const ownerKey = generatePrivateKey()
const owner = privateKeyToAccount(ownerKey).address
const bundler = privateKeyToAccount(generatePrivateKey())
const receiver = privateKeyToAccount(generatePrivateKey()).address

beforeAll(async () => {
  node = await spawnAnvil({ chainId: 31337 })
  const aa = await deployAccountAbstraction(node.rpcUrl)
  chain = { caipNetworkId: 'eip155:31337', chainId: 31337, name: 'anvil', rpcUrl: node.rpcUrl, ...aa }
  await createTestClient({ mode: 'anvil', transport: http(node.rpcUrl) }).setBalance({
    address: bundler.address,
    value: parseEther('5'),
  })
})
afterAll(async () => {
  await node?.close()
})

describe('FoyerAccount (EntryPoint v0.8) through our own bundler', () => {
  it('deploys the EntryPoint at its canonical v0.8 address, idempotently', async () => {
    expect(chain.entryPoint).toBe(entryPoint08Address)
    expect(await deployAccountAbstraction(node.rpcUrl)).toEqual({
      entryPoint: chain.entryPoint,
      accountFactory: chain.accountFactory,
    })
  })

  it('deploys the account on its first operation and moves funds; the next operation reuses it', async () => {
    const pub = publicClientFor(chain)
    const sender = await smartAccountAddress(chain, owner)
    expect(await isDeployed(chain, sender)).toBe(false)
    // too poor: a clear error, nothing submitted
    await expect(
      sendUserOperation({
        chain,
        ownerKey,
        owner,
        bundler,
        calls: [{ to: receiver, value: parseEther('0.1'), data: '0x' }],
      }),
    ).rejects.toThrow(/needs \d+ wei/)
    await createTestClient({ mode: 'anvil', transport: http(node.rpcUrl) }).setBalance({
      address: sender,
      value: parseEther('1'),
    })

    const first = await sendUserOperation({
      chain,
      ownerKey,
      owner,
      bundler,
      calls: [{ to: receiver, value: parseEther('0.1'), data: '0x' }],
    })
    expect(first.sender).toBe(sender)
    expect(await isDeployed(chain, sender)).toBe(true)
    expect(await pub.getBalance({ address: receiver })).toBe(parseEther('0.1'))
    // the hash we signed is the one the EntryPoint computes
    const receipt = await pub.getTransactionReceipt({ hash: first.transactionHash })
    expect(receipt.status).toBe('success')

    await sendUserOperation({
      chain,
      ownerKey,
      owner,
      bundler,
      calls: [
        { to: receiver, value: 1n, data: '0x' },
        { to: receiver, value: 2n, data: '0x' },
      ],
    })
    expect(await pub.getBalance({ address: receiver })).toBe(parseEther('0.1') + 3n)
    expect(
      await pub.readContract({
        address: chain.entryPoint,
        abi: entryPoint08Abi,
        functionName: 'getNonce',
        args: [sender, 0n],
      }),
    ).toBe(2n)
  })

  it('refuses an operation signed by another key (the EntryPoint rejects it, nothing moves)', async () => {
    const other = generatePrivateKey() as Hex
    const sender = await smartAccountAddress(chain, owner)
    const before = await publicClientFor(chain).getBalance({ address: receiver })
    await expect(
      sendUserOperation({ chain, ownerKey: other, owner, bundler, calls: [{ to: receiver, value: 5n, data: '0x' }] }),
    ).rejects.toThrow(/EntryPoint refused/)
    expect(await publicClientFor(chain).getBalance({ address: receiver })).toBe(before)
    expect(sender).toMatch(/^0x/)
  })
})
