// The verifying paymaster's signer: it answers ERC-7677 (pm_getPaymasterStubData, pm_getPaymasterData) for one
// project and signs an operation only when the project's policy covers it — sponsorship on, the chain among the
// project's, and the operation's most possible gas cost within what the sender has left of today's budget, reserved
// before the signature leaves. Everything it signs is bound to the chain, the paymaster and every gas field.
import {
  concat,
  createPublicClient,
  encodeAbiParameters,
  http,
  isAddress,
  isAddressEqual,
  isHex,
  numberToHex,
  type Address,
  type Hex,
  type PublicClient,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { toPackedUserOperation, type UserOperation } from 'viem/account-abstraction'
import { originAllowed } from '../api/origins.js'
import type { ServerConfig } from '../config.js'
import { paymasterAbi } from '../contracts/paymaster.js'
import type { SqlRunner } from '../store/store.js'
import { release, reserve, spentToday } from './budget.js'
import { policyOf } from './policy.js'

/** A chain the paymaster runs on. */
export interface PaymasterChain {
  caipNetworkId: string
  chainId: number
  rpcUrl: string
  entryPoint: Address
  paymaster: Address
}

/** Why a request was not sponsored: `code` for programs, `message` for people. */
export class SponsorshipRefused extends Error {
  constructor(
    readonly reason:
      | 'invalid_params'
      | 'unknown_project'
      | 'sponsorship_off'
      | 'chain_not_sponsored'
      | 'budget_exceeded'
      | 'unsupported_entry_point'
      | 'origin_not_allowed',
    message: string,
  ) {
    super(message)
  }
}

/** Gas the paymaster's validation takes at most (one ECDSA recovery and the hash); it has no postOp. */
export const PAYMASTER_VERIFICATION_GAS = 60_000n
/** How long a paymaster signature stays valid. */
export const SPONSORSHIP_TTL_SECONDS = 600
// 65 bytes that recover to no one: gas estimation runs the same code path as with a real signature.
const STUB_SIGNATURE: Hex = `0x${'ff'.repeat(64)}1c`

/** What the wallet adds to its user operation (ERC-7677, EntryPoint v0.7 and later). */
export interface PaymasterFields {
  paymaster: Address
  paymasterData: Hex
  paymasterVerificationGasLimit: bigint
  paymasterPostOpGasLimit: bigint
}

/** What the sponsor needs. */
export interface SponsorDeps {
  config: ServerConfig
  store: SqlRunner
  chains: PaymasterChain[]
  signerKey: Hex
  now?: () => number
}

/** The operation as a wallet sends it to pm_* (hex quantities), read into bigints. */
export type SponsoredOperation = UserOperation<'0.8'>

/** The paymaster signer of one server. */
export function createSponsor(deps: SponsorDeps) {
  const signer = privateKeyToAccount(deps.signerKey)
  const now = deps.now ?? Date.now
  const clients = new Map<number, PublicClient>()
  const client = (c: PaymasterChain) => {
    let pub = clients.get(c.chainId)
    if (!pub) clients.set(c.chainId, (pub = createPublicClient({ transport: http(c.rpcUrl, { retryCount: 1 }) })))
    return pub
  }

  /** The chain and policy for a request, or the refusal that applies before any budget is looked at. */
  async function admit(projectId: string, chainId: number, entryPoint?: string, hostOrigin?: string) {
    if (!/^[0-9a-f]{32}$/.test(projectId))
      throw new SponsorshipRefused('unknown_project', 'The paymaster URL needs ?projectId=<32 hex digits>')
    const policy = await policyOf(deps.config, deps.store, projectId)
    if (!policy.enabled)
      throw new SponsorshipRefused('sponsorship_off', `Gas sponsorship is off for project ${projectId}`)
    // the embedded wallet says which page asks: only the project's own pages get its sponsorship there
    if (hostOrigin !== undefined && !originAllowed(hostOrigin, policy.allowedOrigins))
      throw new SponsorshipRefused('origin_not_allowed', `${policy.name} does not pay gas for ${hostOrigin}`)
    const chain = deps.chains.find((c) => c.chainId === chainId)
    if (!chain || (policy.chains && !policy.chains.includes(chain.caipNetworkId)))
      throw new SponsorshipRefused('chain_not_sponsored', `${policy.name} does not pay gas on chain ${chainId}`)
    if (entryPoint !== undefined && !(isAddress(entryPoint) && isAddressEqual(entryPoint, chain.entryPoint)))
      throw new SponsorshipRefused(
        'unsupported_entry_point',
        `The paymaster serves EntryPoint v0.8 (${chain.entryPoint}) only`,
      )
    return { chain, policy }
  }

  const maxCost = (op: SponsoredOperation, fields: Pick<PaymasterFields, 'paymasterVerificationGasLimit'>) =>
    (op.callGasLimit + op.verificationGasLimit + op.preVerificationGas + fields.paymasterVerificationGasLimit) *
    op.maxFeePerGas

  async function sign(chain: PaymasterChain, op: SponsoredOperation, validUntil: number): Promise<PaymasterFields> {
    const fields = {
      paymaster: chain.paymaster,
      paymasterVerificationGasLimit: op.paymasterVerificationGasLimit ?? PAYMASTER_VERIFICATION_GAS,
      paymasterPostOpGasLimit: 0n,
    }
    const window = encodeAbiParameters([{ type: 'uint48' }, { type: 'uint48' }], [validUntil, 0])
    // the contract's own getHash: what it checks is by definition what we sign
    const packed = toPackedUserOperation({ ...op, ...fields, paymasterData: concat([window, STUB_SIGNATURE]) })
    const hash = await client(chain).readContract({
      address: chain.paymaster,
      abi: paymasterAbi,
      functionName: 'getHash',
      args: [packed, validUntil, 0],
    })
    const signature = await signer.signMessage({ message: { raw: hash } })
    return { ...fields, paymasterData: concat([window, signature]) }
  }

  return {
    /** The signer's address (the paymaster contract's verifyingSigner). */
    signer: signer.address,
    chains: deps.chains,
    /** Whether the project sponsors at all, and on which chains (public: wallets and the modal ask before sending). */
    async status(projectId: string): Promise<{ enabled: boolean; chains: string[]; name?: string }> {
      const policy = await policyOf(deps.config, deps.store, projectId)
      if (!policy.enabled) return { enabled: false, chains: [] }
      const chains = deps.chains
        .map((c) => c.caipNetworkId)
        .filter((id) => !policy.chains || policy.chains.includes(id))
      return { enabled: chains.length > 0, chains, name: policy.name }
    },
    /** Whether `sender` would be sponsored on `caipNetworkId` now (for the approval screen); never reserves. */
    async quote(
      projectId: string,
      caipNetworkId: string,
      sender: Address,
      hostOrigin?: string,
    ): Promise<{ sponsored: true; name: string } | { sponsored: false; reason: string; message: string }> {
      try {
        const { policy } = await admit(projectId, Number(caipNetworkId.split(':')[1]), undefined, hostOrigin)
        if ((await spentToday(deps.store, projectId, sender, now())) >= policy.dailyBudgetWei)
          throw new SponsorshipRefused('budget_exceeded', budgetMessage(policy.name))
        return { sponsored: true, name: policy.name }
      } catch (err) {
        if (err instanceof SponsorshipRefused) return { sponsored: false, reason: err.reason, message: err.message }
        throw err
      }
    },
    /** pm_getPaymasterStubData: the fields to estimate gas with, if the policy covers the sender. */
    async stub(projectId: string, chainId: number, entryPoint: string | undefined, op: SponsoredOperation) {
      const { chain, policy } = await admit(projectId, chainId, entryPoint)
      if ((await spentToday(deps.store, projectId, op.sender, now())) >= policy.dailyBudgetWei)
        throw new SponsorshipRefused('budget_exceeded', budgetMessage(policy.name))
      const window = encodeAbiParameters([{ type: 'uint48' }, { type: 'uint48' }], [0, 0])
      return {
        fields: {
          paymaster: chain.paymaster,
          paymasterData: concat([window, STUB_SIGNATURE]),
          paymasterVerificationGasLimit: PAYMASTER_VERIFICATION_GAS,
          paymasterPostOpGasLimit: 0n,
        } satisfies PaymasterFields,
        sponsor: { name: policy.name },
      }
    },
    /**
     * pm_getPaymasterData: reserves the operation's most possible cost from the sender's budget and signs it;
     * answers the fields and the amount reserved (settle() gives back what the operation did not use).
     */
    async sign(
      projectId: string,
      chainId: number,
      entryPoint: string | undefined,
      op: SponsoredOperation,
      hostOrigin?: string,
    ) {
      const { chain, policy } = await admit(projectId, chainId, entryPoint, hostOrigin)
      const limit = op.paymasterVerificationGasLimit ?? PAYMASTER_VERIFICATION_GAS
      if (limit > 4n * PAYMASTER_VERIFICATION_GAS)
        throw new SponsorshipRefused(
          'invalid_params',
          'paymasterVerificationGasLimit is above what the paymaster needs',
        )
      const cost = maxCost(op, { paymasterVerificationGasLimit: limit })
      const ok = await reserve(deps.store, {
        projectId,
        address: op.sender,
        cost,
        budget: policy.dailyBudgetWei,
        now: now(),
      })
      if (!ok) throw new SponsorshipRefused('budget_exceeded', budgetMessage(policy.name))
      try {
        const validUntil = Math.floor(now() / 1000) + SPONSORSHIP_TTL_SECONDS
        return {
          fields: await sign(chain, { ...op, paymasterVerificationGasLimit: limit }, validUntil),
          reserved: cost,
        }
      } catch (err) {
        await release(deps.store, { projectId, address: op.sender, amount: cost, now: now() })
        throw err
      }
    },
    /** Gives back what a sponsored operation did not spend of its reservation (`actual` = its actualGasCost). */
    async settle(projectId: string, sender: Address, reserved: bigint, actual: bigint): Promise<void> {
      await release(deps.store, { projectId, address: sender, amount: reserved - actual, now: now() })
    },
  }
}

/** The sponsor's API. */
export type Sponsor = ReturnType<typeof createSponsor>

const budgetMessage = (name: string) =>
  `${name} has paid all the gas it pays for this account today; the daily budget renews at 00:00 UTC`

/** Reads an ERC-7677 userOp parameter (v0.7/v0.8 fields, hex quantities); throws SponsorshipRefused on bad input. */
export function parseOperation(raw: unknown): SponsoredOperation {
  if (!raw || typeof raw !== 'object')
    throw new SponsorshipRefused('invalid_params', 'params[0] must be a user operation')
  const o = raw as Record<string, unknown>
  const q = (k: string, optional = false): bigint | undefined => {
    const v = o[k]
    if (v === undefined || v === null) {
      if (optional) return undefined
      throw new SponsorshipRefused('invalid_params', `userOp.${k} is required (hex quantity)`)
    }
    if (typeof v !== 'string' || !/^0x[0-9a-fA-F]{1,64}$/.test(v))
      throw new SponsorshipRefused('invalid_params', `userOp.${k} must be a hex quantity`)
    return BigInt(v)
  }
  const bytes = (k: string, optional = false): Hex | undefined => {
    const v = o[k]
    if ((v === undefined || v === null) && optional) return undefined
    if (typeof v !== 'string' || !isHex(v) || v.length % 2)
      throw new SponsorshipRefused('invalid_params', `userOp.${k} must be 0x-hex bytes`)
    return v
  }
  if (typeof o.sender !== 'string' || !isAddress(o.sender))
    throw new SponsorshipRefused('invalid_params', 'userOp.sender must be an address')
  if ('initCode' in o || 'paymasterAndData' in o)
    throw new SponsorshipRefused(
      'invalid_params',
      'The paymaster serves EntryPoint v0.8 operations (factory, factoryData)',
    )
  const factory = o.factory === undefined || o.factory === null ? undefined : o.factory
  if (factory !== undefined && (typeof factory !== 'string' || !isAddress(factory)))
    throw new SponsorshipRefused('invalid_params', 'userOp.factory must be an address')
  const pvgl = q('paymasterVerificationGasLimit', true)
  return {
    sender: o.sender,
    nonce: q('nonce')!,
    ...(factory ? { factory: factory as Address, factoryData: bytes('factoryData') } : {}),
    callData: bytes('callData')!,
    callGasLimit: q('callGasLimit')!,
    verificationGasLimit: q('verificationGasLimit')!,
    preVerificationGas: q('preVerificationGas')!,
    maxFeePerGas: q('maxFeePerGas')!,
    maxPriorityFeePerGas: q('maxPriorityFeePerGas')!,
    ...(pvgl !== undefined ? { paymasterVerificationGasLimit: pvgl } : {}),
    signature: bytes('signature', true) ?? '0x',
  }
}

/** The fields as an ERC-7677 answer (hex quantities). */
export function fieldsJson(f: PaymasterFields) {
  return {
    paymaster: f.paymaster,
    paymasterData: f.paymasterData,
    paymasterVerificationGasLimit: numberToHex(f.paymasterVerificationGasLimit),
    paymasterPostOpGasLimit: numberToHex(f.paymasterPostOpGasLimit),
  }
}
