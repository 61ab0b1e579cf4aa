// Deploys the test tokens and Uniswap V2 (with ETH/USDC, USDC/DAI and ETH/DAI pools) on a fresh anvil chain, funds the
// given addresses and leaves a little history behind (receives, sends and one failed transaction) so balances and
// activity are never empty. The deployer's first transactions are always the same, so every contract has the same
// address on every local chain and in every run.
import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  defineChain,
  getAddress,
  http,
  keccak256,
  parseEther,
  parseUnits,
  stringToHex,
  type Address,
  type Hash,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { compileTestToken, testTokenAbi } from '../contracts/compile.js'
import type { TokenConfig, UniswapV2Config } from '../types.js'
import { deployUniswapV2 } from './amm.js'

/** A token the seeder deploys on every chain. */
export interface SeedToken {
  symbol: string
  name: string
  decimals: number
}

/** Tokens deployed on each local chain, in deployment order (so their addresses are the same on every chain). */
export const SEED_TOKENS: readonly SeedToken[] = [
  { symbol: 'USDC', name: 'USD Coin', decimals: 6 },
  { symbol: 'USDT', name: 'Tether USD', decimals: 6 },
  { symbol: 'DAI', name: 'Dai Stablecoin', decimals: 18 },
]

// A fixed, non-default deployer, so the funded wallets' history shows real "receive" rows from another address.
const DEPLOYER_KEY = keccak256(stringToHex('foyer local chain deployer'))
/** The address that deploys the tokens and sends the initial funds on local chains. */
export const DEPLOYER_ADDRESS: Address = privateKeyToAccount(DEPLOYER_KEY).address

/** What seedChain deployed. */
export interface SeededChain {
  tokens: TokenConfig[]
  uniswapV2: UniswapV2Config
}

/** The chain, transport, public and anvil test clients the seeding scripts talk to a local chain through. */
export function anvilClients(rpcUrl: string, chainId: number) {
  const chain = defineChain({
    id: chainId,
    name: `anvil-${chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  })
  const transport = http(rpcUrl, { retryCount: 0 })
  const pub = createPublicClient({ chain, transport, pollingInterval: 50 })
  const test = createTestClient({ chain, transport, mode: 'anvil' })
  return { chain, transport, pub, test }
}

/** Deploys the tokens and the AMM, funds `fund` with ETH and tokens, and makes a few transfers. */
export async function seedChain(rpcUrl: string, chainId: number, fund: readonly Address[]): Promise<SeededChain> {
  const { chain, transport, pub, test } = anvilClients(rpcUrl, chainId)
  const deployer = createWalletClient({ chain, transport, account: privateKeyToAccount(DEPLOYER_KEY) })
  const { bytecode } = await compileTestToken()
  await test.setBalance({ address: DEPLOYER_ADDRESS, value: parseEther('1000000') })

  const hashes: Hash[] = []
  const tokens: TokenConfig[] = []
  for (const t of SEED_TOKENS) {
    const hash = await deployer.deployContract({ abi: testTokenAbi, bytecode, args: [t.name, t.symbol, t.decimals] })
    const receipt = await pub.waitForTransactionReceipt({ hash })
    if (!receipt.contractAddress) throw new Error(`deploying ${t.symbol} on chain ${chainId} failed`)
    tokens.push({
      address: getAddress(receipt.contractAddress),
      symbol: t.symbol,
      name: t.name,
      decimals: t.decimals,
    })
    hashes.push(
      await deployer.writeContract({
        address: receipt.contractAddress,
        abi: testTokenAbi,
        functionName: 'mint',
        args: [DEPLOYER_ADDRESS, parseUnits('100000000', t.decimals)],
      }),
    )
  }

  const { amm, hashes: ammHashes } = await deployUniswapV2(
    {
      address: DEPLOYER_ADDRESS,
      nonce: await pub.getTransactionCount({ address: DEPLOYER_ADDRESS, blockTag: 'pending' }),
      send: (tx) => deployer.sendTransaction(tx),
      async inLaterBlock(sends) {
        await test.setAutomine(false)
        try {
          const sent = await sends()
          const latest = await pub.getBlock()
          const now = BigInt(Math.floor(Date.now() / 1000))
          await test.setNextBlockTimestamp({ timestamp: now > latest.timestamp ? now : latest.timestamp + 1n })
          await test.mine({ blocks: 1 })
          return sent
        } finally {
          await test.setAutomine(true)
        }
      },
    },
    tokens,
  )
  hashes.push(...ammHashes)

  for (const to of fund) {
    hashes.push(await deployer.sendTransaction({ to, value: parseEther('10') }))
    for (const t of tokens) {
      const amount = parseUnits(t.symbol === 'DAI' ? '2500' : '1000', t.decimals)
      hashes.push(
        await deployer.writeContract({
          address: t.address,
          abi: testTokenAbi,
          functionName: 'transfer',
          args: [to, amount],
        }),
      )
    }
    // a send and a failed transaction from the funded wallet itself, signed by anvil through impersonation
    await test.impersonateAccount({ address: to })
    const wallet = createWalletClient({ chain, transport, account: to })
    hashes.push(await wallet.sendTransaction({ to: DEPLOYER_ADDRESS, value: parseEther('0.25') }))
    const usdc = tokens[0]
    hashes.push(
      await wallet.writeContract({
        address: usdc.address,
        abi: testTokenAbi,
        functionName: 'transfer',
        args: [DEPLOYER_ADDRESS, parseUnits('12.5', usdc.decimals)],
      }),
    )
    // explicit gas skips estimation, so the over-balance transfer is mined and reverts (status "failed" in history)
    const failed = await wallet.writeContract({
      address: usdc.address,
      abi: testTokenAbi,
      functionName: 'transfer',
      args: [DEPLOYER_ADDRESS, parseUnits('999999999', usdc.decimals)],
      gas: 100_000n,
    })
    await test.stopImpersonatingAccount({ address: to })
    const r = await pub.waitForTransactionReceipt({ hash: failed })
    if (r.status !== 'reverted') throw new Error('seed: the deliberately failing transfer did not revert')
  }

  for (const hash of hashes) {
    const r = await pub.waitForTransactionReceipt({ hash })
    if (r.status !== 'success') throw new Error(`seed transaction ${hash} on chain ${chainId} reverted`)
  }
  return { tokens, uniswapV2: amm }
}
