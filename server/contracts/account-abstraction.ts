// ERC-4337 on the local chains: EntryPoint v0.8 from the published @account-abstraction/contracts artifacts and the
// FoyerAccount factory (FoyerAccount.sol: OpenZeppelin's audited account modules, compiled with solc), deployed through
// the deterministic CREATE2 deployer anvil ships. With the salt the ERC-4337 team used, the EntryPoint lands at its
// canonical address (viem's entryPoint08Address); the factory lands at one address on every chain.
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import {
  concat,
  createPublicClient,
  createTestClient,
  createWalletClient,
  getContractAddress,
  http,
  keccak256,
  parseEther,
  stringToHex,
  type Abi,
  type Address,
  type Hex,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { compileContract } from './compile.js'

/** The deterministic deployment proxy (Arachnid's CREATE2 factory) present on anvil and most chains. */
export const CREATE2_DEPLOYER: Address = '0x4e59b44847b379578588920ca78fbf26c0b4956c'
/** The salt the canonical EntryPoint v0.8 was deployed with. */
export const ENTRY_POINT_V08_SALT: Hex = '0x0a59dbff790c23c976a548690c27297883cc66b4c67024f9117b0238995e35e9'
/** Our salt for FoyerAccountFactory (any fixed value gives the same address on every chain). */
export const ACCOUNT_FACTORY_SALT: Hex = keccak256(stringToHex('foyer FoyerAccountFactory v1'))

/** A published artifact: ABI and creation bytecode. */
export interface Artifact {
  abi: Abi
  bytecode: Hex
}

const require = createRequire(import.meta.url)
const memo = new Map<string, Promise<Artifact>>()

/** Reads one artifact of @account-abstraction/contracts (e.g. `EntryPoint`). */
export function accountAbstractionArtifact(name: string): Promise<Artifact> {
  let p = memo.get(name)
  if (!p) {
    p = readFile(require.resolve(`@account-abstraction/contracts/artifacts/${name}.json`), 'utf8').then((text) => {
      const json = JSON.parse(text) as Artifact
      return { abi: json.abi, bytecode: json.bytecode }
    })
    memo.set(name, p)
  }
  return p
}

/** Where the ERC-4337 contracts live on a chain. */
export interface AccountAbstractionAddresses {
  entryPoint: Address
  /** FoyerAccountFactory: one FoyerAccount per owner key (ERC-1271 with ERC-7739, EntryPoint v0.8). */
  accountFactory: Address
}

/** The factory's creation code (it deploys the account implementation in its constructor). */
export async function accountFactoryBytecode(): Promise<Hex> {
  return (await compileContract('FoyerAccount.sol', 'FoyerAccountFactory')).bytecode
}

/** The addresses the deployment gives on any chain (CREATE2: independent of chain and deployer). */
export async function accountAbstractionAddresses(): Promise<AccountAbstractionAddresses> {
  const [entryPoint, factory] = await Promise.all([accountAbstractionArtifact('EntryPoint'), accountFactoryBytecode()])
  const create2 = (salt: Hex, bytecode: Hex) =>
    getContractAddress({ opcode: 'CREATE2', from: CREATE2_DEPLOYER, salt, bytecode })
  return {
    entryPoint: create2(ENTRY_POINT_V08_SALT, entryPoint.bytecode),
    accountFactory: create2(ACCOUNT_FACTORY_SALT, factory),
  }
}

// A fixed key that pays for the deployments on local chains (topped up through anvil, never used elsewhere).
const DEPLOY_KEY = keccak256(stringToHex('foyer account-abstraction deployer'))

/** Deploys EntryPoint v0.8 and FoyerAccountFactory on an anvil chain unless already there; returns their addresses. */
export async function deployAccountAbstraction(rpcUrl: string): Promise<AccountAbstractionAddresses> {
  const transport = http(rpcUrl, { retryCount: 0 })
  const pub = createPublicClient({ transport, pollingInterval: 50 })
  const chainId = await pub.getChainId()
  const chain = {
    id: chainId,
    name: `anvil-${chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  } as const
  if (!(await pub.getCode({ address: CREATE2_DEPLOYER })))
    throw new Error(`chain ${chainId} has no CREATE2 deployer at ${CREATE2_DEPLOYER}`)
  const account = privateKeyToAccount(DEPLOY_KEY)
  await createTestClient({ chain, transport, mode: 'anvil' }).setBalance({
    address: account.address,
    value: parseEther('10'),
  })
  const wallet = createWalletClient({ chain, transport, account })
  const addresses = await accountAbstractionAddresses()
  const [entryPoint, factory] = await Promise.all([accountAbstractionArtifact('EntryPoint'), accountFactoryBytecode()])
  const deploy = async (address: Address, salt: Hex, initCode: Hex, name: string) => {
    if (await pub.getCode({ address })) return
    const hash = await wallet.sendTransaction({ to: CREATE2_DEPLOYER, data: concat([salt, initCode]) })
    const receipt = await pub.waitForTransactionReceipt({ hash })
    if (receipt.status !== 'success' || !(await pub.getCode({ address })))
      throw new Error(`deploying ${name} on chain ${chainId} failed`)
  }
  await deploy(addresses.entryPoint, ENTRY_POINT_V08_SALT, entryPoint.bytecode, 'EntryPoint v0.8')
  await deploy(addresses.accountFactory, ACCOUNT_FACTORY_SALT, factory, 'FoyerAccountFactory')
  return addresses
}
