// What the local chains carry beyond tokens and pools: an NFT collection (OpenZeppelin's ERC-721 with on-chain
// artwork, contracts/Collectible.sol) minted to the funded wallets, and one spam airdrop — a token nobody trades,
// sent unasked to the funded wallets — so the wallet's NFTs tab and its activity's spam filter have real data. Each
// has its own deployer key, so the token and AMM addresses of seed.ts do not move.
import {
  createWalletClient,
  getContractAddress,
  keccak256,
  parseAbi,
  parseEther,
  parseUnits,
  stringToHex,
  type Address,
  type Hash,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { compileContract, testTokenAbi } from '../contracts/compile.js'
import { anvilClients } from './seed.js'

/** ABI of contracts/Collectible.sol (OpenZeppelin ERC-721 + owner-only mint + on-chain tokenURI). */
export const collectibleAbi = parseAbi([
  'constructor(string name_, string symbol_)',
  'function name() view returns (string)',
  'function symbol() view returns (string)',
  'function ownerOf(uint256 tokenId) view returns (address)',
  'function balanceOf(address owner) view returns (uint256)',
  'function tokenURI(uint256 tokenId) view returns (string)',
  'function mint(address to, uint256 tokenId)',
  'function transferFrom(address from, address to, uint256 tokenId)',
  'event Transfer(address indexed from, address indexed to, uint256 indexed tokenId)',
])

/** The local NFT collection. */
export const LOCAL_COLLECTION = { name: 'Foyer Lanterns', symbol: 'LANTERN' } as const

/** The token of the spam airdrop: its name is the advert, as spam tokens' names are. */
export const SPAM_TOKEN = { name: 'Claim your reward at foyer-airdrop.example', symbol: 'CLAIM', decimals: 18 } as const

const NFT_DEPLOYER = privateKeyToAccount(keccak256(stringToHex('foyer local nft deployer')))
const SPAMMER = privateKeyToAccount(keccak256(stringToHex('foyer local spam airdropper')))

/** The collection's address (the NFT deployer's first contract: the same on every local chain). */
export const LOCAL_COLLECTION_ADDRESS: Address = getContractAddress({ from: NFT_DEPLOYER.address, nonce: 0n })

/** The spam token's address (the spammer's first contract). */
export const SPAM_TOKEN_ADDRESS: Address = getContractAddress({ from: SPAMMER.address, nonce: 0n })

/** The address that sends the spam airdrop. */
export const SPAMMER_ADDRESS: Address = SPAMMER.address

/** Token ids minted to the `index`-th funded wallet: #1–#3 on chain 1, two others on any other chain. */
export function collectibleIds(chainId: number, index: number): bigint[] {
  const first = chainId === 1 ? BigInt(index * 100 + 1) : BigInt(chainId) * 1000n + BigInt(index * 100 + 1)
  return (chainId === 1 ? [0n, 1n, 2n] : [0n, 1n]).map((k) => first + k)
}

/** Deploys the collection and the spam token, mints NFTs to `fund` and airdrops the spam token to them. */
export async function seedExtras(rpcUrl: string, chainId: number, fund: readonly Address[]): Promise<void> {
  const { chain, transport, pub, test } = anvilClients(rpcUrl, chainId)
  const [collectible, token] = await Promise.all([
    compileContract('Collectible.sol', 'Collectible'),
    compileContract('TestToken.sol', 'TestToken'),
  ])
  const hashes: Hash[] = []
  for (const account of [NFT_DEPLOYER, SPAMMER])
    await test.setBalance({ address: account.address, value: parseEther('10') })

  const nft = createWalletClient({ chain, transport, account: NFT_DEPLOYER })
  hashes.push(
    await nft.deployContract({
      abi: collectibleAbi,
      bytecode: collectible.bytecode,
      args: [LOCAL_COLLECTION.name, LOCAL_COLLECTION.symbol],
    }),
  )
  for (const [i, to] of fund.entries())
    for (const id of collectibleIds(chainId, i))
      hashes.push(
        await nft.writeContract({
          address: LOCAL_COLLECTION_ADDRESS,
          abi: collectibleAbi,
          functionName: 'mint',
          args: [to, id],
        }),
      )

  const spam = createWalletClient({ chain, transport, account: SPAMMER })
  const amount = parseUnits('5000', SPAM_TOKEN.decimals)
  hashes.push(
    await spam.deployContract({
      abi: testTokenAbi,
      bytecode: token.bytecode,
      args: [SPAM_TOKEN.name, SPAM_TOKEN.symbol, SPAM_TOKEN.decimals],
    }),
  )
  hashes.push(
    await spam.writeContract({
      address: SPAM_TOKEN_ADDRESS,
      abi: testTokenAbi,
      functionName: 'mint',
      args: [SPAMMER.address, amount * BigInt(Math.max(1, fund.length))],
    }),
  )
  for (const to of fund)
    hashes.push(
      await spam.writeContract({
        address: SPAM_TOKEN_ADDRESS,
        abi: testTokenAbi,
        functionName: 'transfer',
        args: [to, amount],
      }),
    )
  for (const hash of hashes) {
    const r = await pub.waitForTransactionReceipt({ hash })
    if (r.status !== 'success') throw new Error(`seeding extras: transaction ${hash} on chain ${chainId} reverted`)
  }
}
