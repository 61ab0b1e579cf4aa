// ERC-4337 smart accounts (FoyerAccount: OpenZeppelin's account modules, one per owner key, salt 0): the secure site
// builds the user operation, signs its EIP-712 hash with the owner key and submits it to EntryPoint v0.8's handleOps
// with its own bundler key. The first operation carries the factory call, so the account deploys on its first
// transaction. The calls run through the account's ERC-7821 `execute` in batch mode.
import {
  BaseError,
  ContractFunctionRevertedError,
  createPublicClient,
  createWalletClient,
  encodeAbiParameters,
  encodeFunctionData,
  http,
  parseAbi,
  parseEventLogs,
  type Address,
  type Hex,
  type LocalAccount,
  type PublicClient,
} from 'viem'
import { sign } from 'viem/accounts'
import {
  entryPoint08Abi,
  getUserOperationHash,
  toPackedUserOperation,
  type UserOperation,
} from 'viem/account-abstraction'
import { serializeSignature } from 'viem'
import { SponsorshipRefused, type Sponsor } from '../paymaster/sponsor.js'
import { WalletError } from './errors.js'
import type { WalletChain } from './chains.js'

const factoryAbi = parseAbi([
  'function getAddress(address owner, uint256 salt) view returns (address)',
  'function createAccount(address owner, uint256 salt) returns (address)',
])
const accountAbi = parseAbi(['function execute(bytes32 mode, bytes executionData) payable'])
// ERC-7821 / ERC-7579 mode: call type 0x01 (batch), exec type 0x00 (revert on failure), no selector, no payload.
const BATCH_MODE: Hex = '0x0100000000000000000000000000000000000000000000000000000000000000'
const executionsAbi = [
  {
    type: 'tuple[]',
    components: [
      { name: 'target', type: 'address' },
      { name: 'value', type: 'uint256' },
      { name: 'callData', type: 'bytes' },
    ],
  },
] as const

/** One call the smart account makes. */
export interface AccountCall {
  to: Address
  value: bigint
  data: Hex
}

/** A chain with the ERC-4337 contracts deployed. */
export type SmartAccountChain = WalletChain & { entryPoint: Address; accountFactory: Address }

/** True when smart accounts can run on `chain`. */
export function supportsSmartAccounts(chain: WalletChain): chain is SmartAccountChain {
  return Boolean(chain.entryPoint && chain.accountFactory)
}

/** The factory call that deploys the account of `owner` (ERC-4337 factoryData, ERC-6492 wrapper). */
export function accountFactoryData(owner: Address): Hex {
  return encodeFunctionData({ abi: factoryAbi, functionName: 'createAccount', args: [owner, 0n] })
}

const clients = new Map<string, PublicClient>()
/** A public client for a chain's RPC (one per URL). */
export function publicClientFor(chain: WalletChain): PublicClient {
  let c = clients.get(chain.rpcUrl)
  if (!c) {
    c = createPublicClient({ transport: http(chain.rpcUrl, { retryCount: 1 }), pollingInterval: 100 })
    clients.set(chain.rpcUrl, c)
  }
  return c
}

/** The counterfactual account address of `owner` (the same on every chain with the same factory). */
export function smartAccountAddress(chain: SmartAccountChain, owner: Address): Promise<Address> {
  return publicClientFor(chain).readContract({
    address: chain.accountFactory,
    abi: factoryAbi,
    functionName: 'getAddress',
    args: [owner, 0n],
  })
}

/** True when the account has code on `chain`. */
export async function isDeployed(chain: WalletChain, address: Address): Promise<boolean> {
  const code = await publicClientFor(chain).getCode({ address })
  return Boolean(code && code !== '0x')
}

// Per chain: one handleOps at a time, so the bundler key's nonces never collide.
const queues = new Map<number, Promise<unknown>>()
function serialize<T>(chainId: number, fn: () => Promise<T>): Promise<T> {
  const run = (queues.get(chainId) ?? Promise.resolve()).then(fn, fn)
  queues.set(
    chainId,
    run.catch(() => undefined),
  )
  return run
}

/** How an operation's gas is paid for: the project whose paymaster policy is asked first (the account pays otherwise). */
export interface Sponsorship {
  sponsor: Sponsor
  projectId: string
  /** The page that asks (the embedded wallet's host): it must be one of the project's. */
  hostOrigin?: string
}

/** What sendUserOperation did. */
export interface SentUserOperation {
  transactionHash: Hex
  sender: Address
  userOpHash: Hex
  /** True when the project's paymaster paid the gas. */
  sponsored: boolean
  /** Why the paymaster did not pay, when it was asked and refused. */
  sponsorshipRefusal?: string
}

/** Builds, signs and submits one user operation making `calls`; resolves with the mined handleOps transaction hash. */
export async function sendUserOperation(opts: {
  chain: SmartAccountChain
  ownerKey: Hex
  owner: Address
  calls: AccountCall[]
  bundler: LocalAccount
  /** Ask this project's paymaster to pay the gas; when it refuses (over budget, …) the account pays. */
  sponsorship?: Sponsorship
}): Promise<SentUserOperation> {
  const { chain } = opts
  const { userOperation, balance, value } = await prepareUserOperation(opts)
  const sender = userOperation.sender
  let reserved: bigint | undefined
  let refusal: string | undefined
  if (opts.sponsorship) {
    const { sponsor, projectId } = opts.sponsorship
    try {
      const signed = await sponsor.sign(
        projectId,
        chain.chainId,
        chain.entryPoint,
        userOperation,
        opts.sponsorship.hostOrigin,
      )
      Object.assign(userOperation, signed.fields)
      reserved = signed.reserved
    } catch (err) {
      if (!(err instanceof SponsorshipRefused)) throw err
      // a spent budget is news to the visitor; a project or chain without sponsorship is the ordinary case
      if (err.reason === 'budget_exceeded') refusal = err.message
    }
  }
  const prefund =
    reserved !== undefined
      ? 0n
      : (userOperation.callGasLimit + userOperation.verificationGasLimit + userOperation.preVerificationGas) *
        userOperation.maxFeePerGas
  if (balance < value + prefund)
    throw new WalletError(
      400,
      'insufficient_funds',
      `${refusal ? `${refusal}. ` : ''}The smart account ${sender} holds ${balance} wei; it needs ${value + prefund} wei for the transfer${prefund ? ' and gas' : ''}`,
    )
  try {
    const sent = await submitUserOperation({ chain, bundler: opts.bundler, userOperation, ownerKey: opts.ownerKey })
    if (reserved !== undefined)
      await opts.sponsorship!.sponsor.settle(opts.sponsorship!.projectId, sender, reserved, sent.actualGasCost)
    return {
      transactionHash: sent.transactionHash,
      sender,
      userOpHash: sent.userOpHash,
      sponsored: reserved !== undefined,
      ...(refusal ? { sponsorshipRefusal: refusal } : {}),
    }
  } catch (err) {
    // refused before it reached the chain: the reservation was never spent
    if (reserved !== undefined && err instanceof WalletError && err.code === 'user_operation_rejected')
      await opts.sponsorship!.sponsor.settle(opts.sponsorship!.projectId, sender, reserved, 0n)
    throw err
  }
}

/** The unsigned operation making `calls` from the account of `owner`, with its gas limits and fees, and what it holds. */
export async function prepareUserOperation(opts: {
  chain: SmartAccountChain
  owner: Address
  calls: AccountCall[]
}): Promise<{ userOperation: UserOperation<'0.8'>; balance: bigint; value: bigint }> {
  const { chain, calls } = opts
  if (calls.length === 0) throw new WalletError(400, 'invalid_params', 'No calls to send')
  const pub = publicClientFor(chain)
  const sender = await smartAccountAddress(chain, opts.owner)
  const deployed = await isDeployed(chain, sender)
  const callData = encodeFunctionData({
    abi: accountAbi,
    functionName: 'execute',
    args: [
      BATCH_MODE,
      encodeAbiParameters(executionsAbi, [calls.map((c) => ({ target: c.to, value: c.value, callData: c.data }))]),
    ],
  })
  const [nonce, fees, balance] = await Promise.all([
    pub.readContract({ address: chain.entryPoint, abi: entryPoint08Abi, functionName: 'getNonce', args: [sender, 0n] }),
    pub.estimateFeesPerGas(),
    pub.getBalance({ address: sender }),
  ])
  // Each call as the account would make it; the account's execute wrapper and the EntryPoint add a fixed overhead.
  let callGasLimit = 40_000n
  for (const c of calls) {
    try {
      callGasLimit += await pub.estimateGas({ account: sender, to: c.to, value: c.value, data: c.data })
    } catch (err) {
      throw new WalletError(400, 'execution_reverted', `The call to ${c.to} would fail: ${shortReason(err)}`)
    }
  }
  const userOperation: UserOperation<'0.8'> = {
    sender,
    nonce,
    factory: deployed ? undefined : chain.accountFactory,
    factoryData: deployed ? undefined : accountFactoryData(opts.owner),
    callData,
    callGasLimit,
    verificationGasLimit: deployed ? 120_000n : 450_000n,
    preVerificationGas: 60_000n,
    maxFeePerGas: fees.maxFeePerGas,
    maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
    signature: '0x',
  }
  return { userOperation, balance, value: calls.reduce((sum, c) => sum + c.value, 0n) }
}

/**
 * Signs `userOperation` (paymaster fields included, as v0.8's hash covers them) with the owner key and submits it
 * through handleOps; resolves once mined, with the gas the EntryPoint charged.
 */
export async function submitUserOperation(opts: {
  chain: SmartAccountChain
  bundler: LocalAccount
  userOperation: UserOperation<'0.8'>
  ownerKey: Hex
}): Promise<{ transactionHash: Hex; userOpHash: Hex; actualGasCost: bigint }> {
  const { chain, userOperation } = opts
  const pub = publicClientFor(chain)
  const userOpHash = getUserOperationHash({
    chainId: chain.chainId,
    entryPointAddress: chain.entryPoint,
    entryPointVersion: '0.8',
    userOperation,
  })
  // The account recovers the signer from the raw EIP-712 hash (no personal-message prefix).
  userOperation.signature = serializeSignature(await sign({ hash: userOpHash, privateKey: opts.ownerKey }))

  const transactionHash = await serialize(chain.chainId, async () => {
    const wallet = createWalletClient({ account: opts.bundler, transport: http(chain.rpcUrl, { retryCount: 0 }) })
    const args = [[toPackedUserOperation(userOperation)], opts.bundler.address] as const
    try {
      await pub.simulateContract({
        address: chain.entryPoint,
        abi: entryPoint08Abi,
        functionName: 'handleOps',
        args,
        account: opts.bundler,
      })
    } catch (err) {
      throw new WalletError(400, 'user_operation_rejected', `The EntryPoint refused the operation: ${shortReason(err)}`)
    }
    return wallet.writeContract({
      chain: null,
      address: chain.entryPoint,
      abi: entryPoint08Abi,
      functionName: 'handleOps',
      args,
    })
  })
  const receipt = await pub.waitForTransactionReceipt({ hash: transactionHash })
  const [event] = parseEventLogs({ abi: entryPoint08Abi, logs: receipt.logs, eventName: 'UserOperationEvent' }).filter(
    (e) => e.args.userOpHash === userOpHash,
  )
  if (!event) throw new WalletError(502, 'user_operation_failed', 'The user operation was not executed')
  if (!event.args.success) throw new WalletError(400, 'execution_reverted', 'The smart account call reverted')
  return { transactionHash, userOpHash, actualGasCost: event.args.actualGasCost }
}

function shortReason(err: unknown): string {
  // a custom error such as FailedOp(0, "AA34 signature error") says more than "reverted"
  const revert = err instanceof BaseError ? err.walk((e) => e instanceof ContractFunctionRevertedError) : undefined
  const data = (revert as ContractFunctionRevertedError | null | undefined)?.data
  if (data?.errorName) return `${data.errorName}(${(data.args ?? []).map(String).join(', ')})`
  const e = err as { shortMessage?: string; message?: string }
  return (e.shortMessage ?? e.message ?? String(err)).split('\n')[0]
}
