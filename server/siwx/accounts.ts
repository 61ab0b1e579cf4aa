// Test support: a minimal ERC-1271 smart account (server/contracts/SignInAccount.sol) behind a CREATE2 factory, so
// sign-in tests can verify deployed (ERC-1271) and counterfactual (ERC-6492) accounts on an anvil chain.
import { readFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createPublicClient, createWalletClient, encodeFunctionData, http, parseAbi, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { serializeErc6492Signature } from 'viem/utils'
import { compileWithSolc } from '../contracts/compile.js'
import { DEV_WALLET_PRIVATE_KEY } from '../chains/dev-wallet.js'

const factoryAbi = parseAbi([
  'function deploy(address owner, bytes32 salt) returns (address)',
  'function addressOf(address owner, bytes32 salt) view returns (address)',
])
let bytecode: Promise<Hex> | undefined

/** A factory deployed on the chain at `rpcUrl` by the anvil dev account. */
export async function deploySignInAccountFactory(rpcUrl: string) {
  bytecode ??= readFile(join(dirname(fileURLToPath(import.meta.url)), '../contracts/SignInAccount.sol'), 'utf8').then(
    async (source) => (await compileWithSolc(source, 'SignInAccount.sol', 'SignInAccountFactory')).bytecode,
  )
  const deployer = privateKeyToAccount(DEV_WALLET_PRIVATE_KEY)
  const pub = createPublicClient({ transport: http(rpcUrl) })
  const wallet = createWalletClient({ account: deployer, transport: http(rpcUrl) })
  const hash = await wallet.deployContract({ abi: factoryAbi, bytecode: await bytecode, chain: undefined })
  const factory = (await pub.waitForTransactionReceipt({ hash })).contractAddress!
  const addressOf = (owner: Hex, salt: Hex) =>
    pub.readContract({ address: factory, abi: factoryAbi, functionName: 'addressOf', args: [owner, salt] })
  return {
    factory,
    addressOf,
    /** Deploys the account of `owner` (ERC-1271 from then on); resolves its address. */
    async deploy(owner: Hex, salt: Hex): Promise<Hex> {
      const tx = await wallet.writeContract({
        address: factory,
        abi: factoryAbi,
        functionName: 'deploy',
        args: [owner, salt],
        chain: null,
      })
      await pub.waitForTransactionReceipt({ hash: tx })
      return addressOf(owner, salt)
    },
    /** An ERC-6492 signature for the account of `owner` before it is deployed, wrapping the owner's signature. */
    counterfactual(owner: Hex, salt: Hex, ownerSignature: Hex): Hex {
      const data = encodeFunctionData({ abi: factoryAbi, functionName: 'deploy', args: [owner, salt] })
      return serializeErc6492Signature({ address: factory, data, signature: ownerSignature })
    },
  }
}
