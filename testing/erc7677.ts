// ERC-7677 for the EVM test wallet (option `paymasterService`): the wallet acts as an ERC-4337 smart account on
// EntryPoint v0.8 (the server's FoyerAccount: ERC-7821 batch `execute`, deployed by its factory on the first
// operation) and reports `paymasterService` in wallet_getCapabilities. wallet_sendCalls builds one user operation for
// the calls; given `capabilities.paymasterService.url` it asks that paymaster for its stub and final data (JSON-RPC
// pm_getPaymasterStubData, pm_getPaymasterData), signs the operation with the owner key and submits it with handleOps,
// the owner's EOA acting as bundler (the EntryPoint pays it back). No passkey, no bundler service.
import { randomBytes } from 'node:crypto'
import {
  createPublicClient,
  custom,
  encodeAbiParameters,
  encodeFunctionData,
  numberToHex,
  parseAbi,
  parseEventLogs,
  serializeSignature,
  type Account,
  type Chain,
  type Hex,
  type Transport,
  type WalletClient,
} from 'viem'
import { sign } from 'viem/accounts'
import {
  entryPoint08Abi,
  entryPoint08Address,
  getUserOperationHash,
  toPackedUserOperation,
  type UserOperation,
} from 'viem/account-abstraction'

/** What the smart account needs from the wallet core. */
export interface SponsoredAccountEnv {
  /** The smart account's address (the factory's `getAddress(owner, 0)`). */
  address: Hex
  ownerKey: Hex
  factory: Hex
  entryPoint?: Hex
  chainId(): number
  /** The owner's EOA on the current chain: it submits handleOps. */
  client(): WalletClient<Transport, Chain, Account>
  rpc(method: string, params?: unknown[]): Promise<unknown>
}

const rpcError = (code: number, message: string) => Object.assign(new Error(message), { code })
const factoryAbi = parseAbi(['function createAccount(address owner, uint256 salt) returns (address)'])
const accountAbi = parseAbi(['function execute(bytes32 mode, bytes executionData) payable'])
// ERC-7579 mode: batch call type, revert on failure.
const BATCH_MODE: Hex = '0x0100000000000000000000000000000000000000000000000000000000000000'
// The gas allowed a call whose estimate needs the calls before it (a Uniswap V2 swap takes ~120k).
const DEPENDENT_CALL_GAS = 500_000n
const executions = [
  { type: 'tuple[]', components: [{ type: 'address' }, { type: 'uint256' }, { type: 'bytes' }] },
] as const

async function paymaster<T>(url: string, method: string, params: unknown[]): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const body = (await res.json().catch(() => ({}))) as { result?: T; error?: { code?: number; message?: string } }
  if (!res.ok || body.error || body.result === undefined)
    throw rpcError(body.error?.code ?? -32603, `Paymaster: ${body.error?.message ?? `HTTP status code ${res.status}`}`)
  return body.result
}

// ERC-7677 sends the operation with hex quantities.
const wire = (op: UserOperation<'0.8'>) =>
  Object.fromEntries(
    Object.entries(op)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, typeof v === 'bigint' ? numberToHex(v) : v]),
  )

/** Creates the EIP-5792 methods of the sponsored smart account. */
export function createSponsoredAccount(env: SponsoredAccountEnv) {
  const entryPoint = env.entryPoint ?? entryPoint08Address
  const batches = new Map<string, { chainId: number; status: number; receipts: unknown[] }>()
  const pub = createPublicClient({ transport: custom({ request: ({ method, params }) => env.rpc(method, params) }) })
  const owner = () => env.client().account.address

  async function send(req: {
    chainId?: string
    from?: string
    calls?: Array<{ to?: Hex; value?: Hex; data?: Hex }>
    capabilities?: { paymasterService?: { url?: unknown } }
  }): Promise<{ id: string }> {
    const chainId = env.chainId()
    if (Number(req?.chainId) !== chainId) throw rpcError(5710, `Unsupported chain id ${req?.chainId}`)
    if (req.from && req.from.toLowerCase() !== env.address.toLowerCase()) throw rpcError(4100, 'Unknown account')
    const calls = (req.calls ?? []).map((c) => ({
      to: c.to!,
      value: c.value ? BigInt(c.value) : 0n,
      data: c.data ?? '0x',
    }))
    if (!calls.length || calls.some((c) => !c.to)) throw rpcError(-32602, 'No calls, or a call without `to`')
    const url = req.capabilities?.paymasterService?.url
    if (url !== undefined && typeof url !== 'string') throw rpcError(-32602, 'paymasterService.url must be a string')
    const deployed = ((await pub.getCode({ address: env.address })) ?? '0x') !== '0x'
    const [nonce, fees] = await Promise.all([
      pub.readContract({
        address: entryPoint,
        abi: entryPoint08Abi,
        functionName: 'getNonce',
        args: [env.address, 0n],
      }),
      pub.estimateFeesPerGas(),
    ])
    // Each call estimated on its own state; a later call can need an earlier one's effect (a swap after its approval)
    // and then cannot be estimated alone: it gets a fixed allowance, and the operation still runs all-or-nothing.
    let callGasLimit = 40_000n
    for (const [i, c] of calls.entries())
      callGasLimit += await pub.estimateGas({ account: env.address, ...c }).catch((error: unknown) => {
        if (i === 0) throw error
        return DEPENDENT_CALL_GAS
      })
    const op: UserOperation<'0.8'> = {
      sender: env.address,
      nonce,
      ...(deployed
        ? {}
        : {
            factory: env.factory,
            factoryData: encodeFunctionData({ abi: factoryAbi, functionName: 'createAccount', args: [owner(), 0n] }),
          }),
      callData: encodeFunctionData({
        abi: accountAbi,
        functionName: 'execute',
        args: [BATCH_MODE, encodeAbiParameters(executions, [calls.map((c) => [c.to, c.value, c.data] as const)])],
      }),
      callGasLimit,
      verificationGasLimit: deployed ? 120_000n : 450_000n,
      preVerificationGas: 60_000n,
      maxFeePerGas: fees.maxFeePerGas,
      maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
      signature: '0x',
    }
    if (url) {
      const args = (o: UserOperation<'0.8'>) => [wire(o), entryPoint, numberToHex(chainId), {}]
      const stub = await paymaster<Record<string, Hex>>(url, 'pm_getPaymasterStubData', args(op))
      Object.assign(op, {
        paymaster: stub.paymaster,
        paymasterVerificationGasLimit: BigInt(stub.paymasterVerificationGasLimit ?? '0x0'),
        paymasterPostOpGasLimit: BigInt(stub.paymasterPostOpGasLimit ?? '0x0'),
      })
      const data = await paymaster<Record<string, Hex>>(url, 'pm_getPaymasterData', args(op))
      Object.assign(op, { paymaster: data.paymaster, paymasterData: data.paymasterData })
    }
    const hash = getUserOperationHash({
      chainId,
      entryPointAddress: entryPoint,
      entryPointVersion: '0.8',
      userOperation: op,
    })
    op.signature = serializeSignature(await sign({ hash, privateKey: env.ownerKey }))
    const tx = await env.client().writeContract({
      address: entryPoint,
      abi: entryPoint08Abi,
      functionName: 'handleOps',
      args: [[toPackedUserOperation(op)], owner()],
    })
    const receipt = await pub.waitForTransactionReceipt({ hash: tx, pollingInterval: 50 })
    const event = parseEventLogs({ abi: entryPoint08Abi, logs: receipt.logs, eventName: 'UserOperationEvent' }).find(
      (e) => e.args.userOpHash === hash,
    )
    const ok = receipt.status === 'success' && event?.args.success === true
    const id = `0x${randomBytes(32).toString('hex')}`
    const raw = (await env.rpc('eth_getTransactionReceipt', [tx])) as unknown
    batches.set(id, { chainId, status: ok ? 200 : 500, receipts: [raw] })
    return { id }
  }

  return {
    async request(method: string, p: any[]): Promise<unknown> {
      if (method === 'wallet_getCapabilities') {
        const chains = Array.isArray(p[1]) ? (p[1] as string[]) : [numberToHex(env.chainId())]
        const caps = { atomic: { status: 'supported' }, paymasterService: { supported: true } }
        return Object.fromEntries(chains.map((c) => [c, caps]))
      }
      if (method === 'wallet_sendCalls') return send(p[0])
      const batch = batches.get(String(p[0]))
      if (!batch) throw rpcError(5730, 'Unknown bundle id')
      return {
        version: '2.0.0',
        id: p[0],
        chainId: numberToHex(batch.chainId),
        status: batch.status,
        atomic: true,
        receipts: batch.receipts,
      }
    },
  }
}
