// The verifying paymaster against anvil: a sponsored smart-account transfer leaves the account's ETH alone and is paid
// from the paymaster's EntryPoint deposit; with the budget spent the account pays or is refused with the reason; and
// the signer refuses whatever its policy does not cover, while a tampered operation fails on chain.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestClient, createWalletClient, http, parseEther, type Address, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { entryPoint08Abi, toPackedUserOperation } from 'viem/account-abstraction'
import { spawnAnvil, type AnvilNode } from '../chains/anvil.js'
import { resolveConfig, type ServerConfig } from '../config.js'
import { deployAccountAbstraction } from '../contracts/account-abstraction.js'
import { deployLocalPaymaster, paymasterAbi } from '../contracts/paymaster.js'
import { openTestStore } from '../api/testing/store.js'
import type { Store } from '../store/store.js'
import {
  prepareUserOperation,
  publicClientFor,
  sendUserOperation,
  smartAccountAddress,
  submitUserOperation,
  type SmartAccountChain,
} from '../secure-site/smart-account.js'
import { spentToday } from './budget.js'
import { paymasterRpc, SPONSORSHIP_REFUSED } from './rpc.js'
import { createSponsor, SponsorshipRefused, type PaymasterChain, type Sponsor } from './sponsor.js'

const ON = 'aa'.repeat(16)
const OFF = 'bb'.repeat(16)
const OTHER_CHAIN_ONLY = 'cc'.repeat(16)
const signerKey = generatePrivateKey()
const bundler = privateKeyToAccount(generatePrivateKey())
const receiver = privateKeyToAccount(generatePrivateKey()).address

let node: AnvilNode
let store: Store
let chain: SmartAccountChain
let pmChain: PaymasterChain
let config: ServerConfig
let sponsor: Sponsor

const anvil = () => createTestClient({ mode: 'anvil', transport: http(node.rpcUrl) })
const deposit = () =>
  publicClientFor(chain).readContract({ address: pmChain.paymaster, abi: paymasterAbi, functionName: 'getDeposit' })
const balance = (address: Address) => publicClientFor(chain).getBalance({ address })
const newOwner = () => {
  const key = generatePrivateKey()
  return { ownerKey: key, owner: privateKeyToAccount(key).address }
}

beforeAll(async () => {
  node = await spawnAnvil({ chainId: 31337 })
  store = await openTestStore()
  const aa = await deployAccountAbstraction(node.rpcUrl)
  chain = { caipNetworkId: 'eip155:31337', chainId: 31337, name: 'anvil', rpcUrl: node.rpcUrl, ...aa }
  const paymaster = await deployLocalPaymaster(node.rpcUrl, { entryPoint: aa.entryPoint, signerKey })
  pmChain = {
    caipNetworkId: chain.caipNetworkId,
    chainId: 31337,
    rpcUrl: node.rpcUrl,
    entryPoint: aa.entryPoint,
    paymaster,
  }
  await anvil().setBalance({ address: bundler.address, value: parseEther('5') })
  config = resolveConfig({
    projects: {
      [ON]: { name: 'Acme Games', sponsorship: { enabled: true } },
      [OFF]: { name: 'Off Co', sponsorship: { enabled: false } },
      [OTHER_CHAIN_ONLY]: { sponsorship: { enabled: true, chains: ['eip155:8453'] } },
    },
  })
  sponsor = createSponsor({ config, store, chains: [pmChain], signerKey })
}, 60_000)
afterAll(async () => {
  await node?.close()
  await store?.close()
})

describe('a sponsored smart-account transfer', () => {
  it('leaves the account paying only the value; the paymaster deposit pays the gas', async () => {
    const { owner, ownerKey } = newOwner()
    const sender = await smartAccountAddress(chain, owner)
    await anvil().setBalance({ address: sender, value: parseEther('1') })
    const before = await deposit()
    const sent = await sendUserOperation({
      chain,
      owner,
      ownerKey,
      bundler,
      calls: [{ to: receiver, value: parseEther('0.1'), data: '0x' }],
      sponsorship: { sponsor, projectId: ON },
    })
    expect(sent.sponsored).toBe(true)
    expect(await balance(sender)).toBe(parseEther('0.9'))
    expect(await deposit()).toBeLessThan(before)
    // the reservation was settled to what the EntryPoint charged
    expect(await spentToday(store, ON, sender, Date.now())).toBe(before - (await deposit()))
  })

  it('an account without ETH sends a call with its gas paid; its balance stays 0', async () => {
    const { owner, ownerKey } = newOwner()
    const sender = await smartAccountAddress(chain, owner)
    const before = await deposit()
    const sent = await sendUserOperation({
      chain,
      owner,
      ownerKey,
      bundler,
      calls: [{ to: receiver, value: 0n, data: '0x' }],
      sponsorship: { sponsor, projectId: ON },
    })
    expect(sent.sponsored).toBe(true)
    expect(await balance(sender)).toBe(0n)
    expect(await deposit()).toBeLessThan(before)
  })

  it('with the budget spent: the account pays, or is refused with the reason when it has no ETH', async () => {
    const { owner, ownerKey } = newOwner()
    const sender = await smartAccountAddress(chain, owner)
    await sendUserOperation({
      chain,
      owner,
      ownerKey,
      bundler,
      calls: [{ to: receiver, value: 0n, data: '0x' }],
      sponsorship: { sponsor, projectId: ON },
    })
    // the operator's budget is exactly what this address has spent today
    config.projects[ON].sponsorship!.dailyBudgetWei = String(await spentToday(store, ON, sender, Date.now()))
    try {
      expect(await sponsor.quote(ON, chain.caipNetworkId, sender)).toMatchObject({
        sponsored: false,
        reason: 'budget_exceeded',
        message: expect.stringMatching(/Acme Games has paid all the gas .* daily budget renews/),
      })
      const call = { to: receiver, value: 0n, data: '0x' as Hex }
      await expect(
        sendUserOperation({ chain, owner, ownerKey, bundler, calls: [call], sponsorship: { sponsor, projectId: ON } }),
      ).rejects.toThrow(/Acme Games has paid all the gas.*holds 0 wei; it needs \d+ wei for the transfer and gas/)
      await anvil().setBalance({ address: sender, value: parseEther('1') })
      const depositBefore = await deposit()
      const sent = await sendUserOperation({
        chain,
        owner,
        ownerKey,
        bundler,
        calls: [call],
        sponsorship: { sponsor, projectId: ON },
      })
      expect(sent).toMatchObject({ sponsored: false, sponsorshipRefusal: expect.stringMatching(/daily budget/) })
      expect(await balance(sender)).toBeLessThan(parseEther('1'))
      expect(await deposit()).toBe(depositBefore)
    } finally {
      delete config.projects[ON].sponsorship!.dailyBudgetWei
    }
  })
})

describe('the paymaster signs only what the policy allows', () => {
  const opFor = async () => {
    const { owner } = newOwner()
    return (await prepareUserOperation({ chain, owner, calls: [{ to: receiver, value: 0n, data: '0x' }] }))
      .userOperation
  }
  const refusal = (p: Promise<unknown>) =>
    p.then(
      () => 'signed',
      (e: unknown) => (e instanceof SponsorshipRefused ? e.reason : `threw ${String(e)}`),
    )

  it('refuses a project with sponsorship off, and a project the server does not know', async () => {
    const op = await opFor()
    expect(await refusal(sponsor.sign(OFF, 31337, chain.entryPoint, op))).toBe('sponsorship_off')
    expect(await refusal(sponsor.sign('dd'.repeat(16), 31337, chain.entryPoint, op))).toBe('sponsorship_off')
  })

  it('refuses another chain: one outside the project list, one without the paymaster', async () => {
    const op = await opFor()
    expect(await refusal(sponsor.sign(OTHER_CHAIN_ONLY, 31337, chain.entryPoint, op))).toBe('chain_not_sponsored')
    expect(await refusal(sponsor.sign(ON, 8453, chain.entryPoint, op))).toBe('chain_not_sponsored')
  })

  it("refuses a page outside the project's own origins (the embedded wallet names its host)", async () => {
    config.projects[OFF] = { allowedOrigins: ['https://acme.example'], sponsorship: { enabled: true } }
    try {
      const op = await opFor()
      const asked = (origin: string) => refusal(sponsor.sign(OFF, 31337, chain.entryPoint, op, origin))
      expect(await asked('https://evil.example')).toBe('origin_not_allowed')
      expect(await sponsor.quote(OFF, chain.caipNetworkId, op.sender, 'http://localhost:5173')).toMatchObject({
        sponsored: false,
        reason: 'origin_not_allowed',
      })
      expect(await asked('https://acme.example')).toBe('signed')
    } finally {
      config.projects[OFF] = { name: 'Off Co', sponsorship: { enabled: false } }
    }
  })

  it('says which projects sponsor where (what the modal asks before offering the URL to a wallet)', async () => {
    expect(await sponsor.status(ON)).toEqual({ enabled: true, chains: ['eip155:31337'], name: 'Acme Games' })
    expect(await sponsor.status(OFF)).toEqual({ enabled: false, chains: [] })
    expect(await sponsor.status(OTHER_CHAIN_ONLY)).toMatchObject({ enabled: false, chains: [] })
  })

  it('refuses another EntryPoint', async () => {
    expect(await refusal(sponsor.sign(ON, 31337, receiver, await opFor()))).toBe('unsupported_entry_point')
  })

  it('refuses an address over its daily budget, and reserves atomically under a race', async () => {
    const op = await opFor()
    const cost = (op.callGasLimit + op.verificationGasLimit + op.preVerificationGas + 60_000n) * op.maxFeePerGas
    config.projects[ON].sponsorship!.dailyBudgetWei = String(cost * 2n)
    try {
      const results = await Promise.all([1, 2, 3, 4].map(() => refusal(sponsor.sign(ON, 31337, chain.entryPoint, op))))
      expect(results.sort()).toEqual(['budget_exceeded', 'budget_exceeded', 'signed', 'signed'])
      expect(await spentToday(store, ON, op.sender, Date.now())).toBe(cost * 2n)
    } finally {
      delete config.projects[ON].sponsorship!.dailyBudgetWei
    }
  })

  it('a tampered operation whose paymaster signature no longer matches is rejected by the EntryPoint on chain', async () => {
    const { owner, ownerKey } = newOwner()
    const { userOperation } = await prepareUserOperation({
      chain,
      owner,
      calls: [{ to: receiver, value: 0n, data: '0x' }],
    })
    const signed = await sponsor.sign(ON, 31337, chain.entryPoint, userOperation)
    // more gas than the paymaster agreed to pay for, re-signed by the account's own key
    const tampered = { ...userOperation, ...signed.fields, callGasLimit: userOperation.callGasLimit * 10n }
    await expect(submitUserOperation({ chain, bundler, userOperation: tampered, ownerKey })).rejects.toThrow(
      /EntryPoint refused.*AA34/,
    )
    // and sent anyway, straight to the chain: the EntryPoint reverts, the deposit pays nothing
    const before = await deposit()
    const wallet = createWalletClient({ account: bundler, transport: http(node.rpcUrl) })
    const hash = await wallet.writeContract({
      address: chain.entryPoint,
      abi: entryPoint08Abi,
      functionName: 'handleOps',
      args: [[toPackedUserOperation(tampered)], bundler.address],
      gas: 3_000_000n,
      chain: null,
    })
    const receipt = await publicClientFor(chain).waitForTransactionReceipt({ hash })
    expect(receipt.status).toBe('reverted')
    expect(await deposit()).toBe(before)
    // the untampered operation goes through
    await submitUserOperation({ chain, bundler, userOperation: { ...userOperation, ...signed.fields }, ownerKey })
    expect(await deposit()).toBeLessThan(before)
  })

  it('answers ERC-7677 JSON-RPC: stub data with the sponsor, signed data, and refusals as errors', async () => {
    const op = await opFor()
    const hex = (v: bigint) => `0x${v.toString(16)}`
    const wire = {
      sender: op.sender,
      nonce: hex(op.nonce),
      factory: op.factory,
      factoryData: op.factoryData,
      callData: op.callData,
      callGasLimit: hex(op.callGasLimit),
      verificationGasLimit: hex(op.verificationGasLimit),
      preVerificationGas: hex(op.preVerificationGas),
      maxFeePerGas: hex(op.maxFeePerGas),
      maxPriorityFeePerGas: hex(op.maxPriorityFeePerGas),
      signature: '0x',
    }
    const call = (method: string, projectId = ON, chainHex = '0x7a69') =>
      paymasterRpc(sponsor, projectId, {
        jsonrpc: '2.0',
        id: 7,
        method,
        params: [wire, chain.entryPoint, chainHex, {}],
      })
    expect(await call('pm_getPaymasterStubData')).toMatchObject({
      id: 7,
      result: { paymaster: pmChain.paymaster, sponsor: { name: 'Acme Games' }, isFinal: false },
    })
    const data = (await call('pm_getPaymasterData')) as { result: { paymaster: string; paymasterData: Hex } }
    expect(data.result.paymaster).toBe(pmChain.paymaster)
    expect(data.result.paymasterData).toMatch(/^0x[0-9a-f]{258}$/) // 64 bytes of window + 65 of signature
    expect(await call('pm_getPaymasterData', OFF)).toMatchObject({
      error: { code: SPONSORSHIP_REFUSED, data: { reason: 'sponsorship_off' } },
    })
    expect(await call('pm_getPaymasterData', ON, '0x2105')).toMatchObject({
      error: { code: SPONSORSHIP_REFUSED, data: { reason: 'chain_not_sponsored' } },
    })
    expect(await call('pm_getPaymasterData', ON, 'eip155:1')).toMatchObject({ error: { code: -32602 } })
    expect(await paymasterRpc(sponsor, ON, { id: 1, method: 'eth_sendTransaction' })).toMatchObject({
      error: { code: -32601 },
    })
  })
})
