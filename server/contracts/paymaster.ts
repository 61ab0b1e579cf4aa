// FoyerPaymaster (FoyerPaymaster.sol, a verifying paymaster on EntryPoint v0.8's BasePaymaster) on the local chains:
// deployed through the CREATE2 deployer, so its address follows from the EntryPoint, the signer and the owner alone,
// and funded with an EntryPoint deposit it pays sponsored gas from.
import {
  concat,
  createPublicClient,
  createTestClient,
  createWalletClient,
  encodeDeployData,
  getContractAddress,
  http,
  keccak256,
  parseAbi,
  parseEther,
  stringToHex,
  type Address,
  type Hex,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { entryPoint08Abi } from 'viem/account-abstraction'
import { CREATE2_DEPLOYER } from './account-abstraction.js'
import { compileContract } from './compile.js'

/** FoyerPaymaster's ABI (the parts the server uses). */
export const paymasterAbi = parseAbi([
  'constructor(address entryPoint, address verifyingSigner, address owner)',
  'function verifyingSigner() view returns (address)',
  'function owner() view returns (address)',
  'function getDeposit() view returns (uint256)',
  'function deposit() payable',
  'function withdrawTo(address withdrawAddress, uint256 amount)',
  'struct PackedUserOperation { address sender; uint256 nonce; bytes initCode; bytes callData; bytes32 accountGasLimits; uint256 preVerificationGas; bytes32 gasFees; bytes paymasterAndData; bytes signature; }',
  'function getHash(PackedUserOperation userOp, uint48 validUntil, uint48 validAfter) view returns (bytes32)',
])

/** Our salt for FoyerPaymaster. */
export const PAYMASTER_SALT: Hex = keccak256(stringToHex('foyer FoyerPaymaster v1'))

/** The paymaster signer of the local chains: a fixed key, public knowledge, never used elsewhere. */
export const LOCAL_PAYMASTER_KEY: Hex = keccak256(stringToHex('foyer local paymaster signer'))

/** The deposit a fresh local paymaster gets (and is topped up to on each start). */
export const LOCAL_PAYMASTER_DEPOSIT = parseEther('100')

async function initCode(entryPoint: Address, signer: Address, owner: Address): Promise<Hex> {
  const { bytecode } = await compileContract('FoyerPaymaster.sol', 'FoyerPaymaster')
  return encodeDeployData({ abi: paymasterAbi, bytecode, args: [entryPoint, signer, owner] })
}

/** Where FoyerPaymaster for this EntryPoint, signer and owner lands (the same on every chain). */
export async function paymasterAddress(entryPoint: Address, signer: Address, owner: Address): Promise<Address> {
  const bytecode = await initCode(entryPoint, signer, owner)
  return getContractAddress({ opcode: 'CREATE2', from: CREATE2_DEPLOYER, salt: PAYMASTER_SALT, bytecode })
}

/**
 * Deploys FoyerPaymaster on an anvil chain unless it is there, and tops its EntryPoint deposit up to `deposit`
 * (through anvil: the paying key gets the ETH first). The EntryPoint must be deployed already.
 */
export async function deployLocalPaymaster(
  rpcUrl: string,
  opts: { entryPoint: Address; signerKey: Hex; deposit?: bigint },
): Promise<Address> {
  const transport = http(rpcUrl, { retryCount: 0 })
  const pub = createPublicClient({ transport, pollingInterval: 50 })
  const signer = privateKeyToAccount(opts.signerKey)
  // the signer owns it too: on the local chains one key both signs and can withdraw
  const address = await paymasterAddress(opts.entryPoint, signer.address, signer.address)
  const want = opts.deposit ?? LOCAL_PAYMASTER_DEPOSIT
  await createTestClient({ transport, mode: 'anvil' }).setBalance({
    address: signer.address,
    value: want + parseEther('10'),
  })
  const wallet = createWalletClient({ transport, account: signer })
  if (!(await pub.getCode({ address }))) {
    const data = concat([PAYMASTER_SALT, await initCode(opts.entryPoint, signer.address, signer.address)])
    const hash = await wallet.sendTransaction({ to: CREATE2_DEPLOYER, data, chain: null })
    const receipt = await pub.waitForTransactionReceipt({ hash })
    if (receipt.status !== 'success' || !(await pub.getCode({ address })))
      throw new Error(`deploying FoyerPaymaster on ${rpcUrl} failed`)
  }
  const current = await pub.readContract({
    address: opts.entryPoint,
    abi: entryPoint08Abi,
    functionName: 'balanceOf',
    args: [address],
  })
  if (current < want) {
    const hash = await wallet.writeContract({
      address: opts.entryPoint,
      abi: entryPoint08Abi,
      functionName: 'depositTo',
      args: [address],
      value: want - current,
      chain: null,
    })
    await pub.waitForTransactionReceipt({ hash })
  }
  return address
}
