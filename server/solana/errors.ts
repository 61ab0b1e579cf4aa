// litesvm's transaction errors in the JSON form a Solana RPC node answers (`"BlockhashNotFound"`,
// `{ "InstructionError": [0, { "Custom": 1 }] }`), and the JSON-RPC errors of the local node.

/** A JSON-RPC error the local node answers with (code, message and optional data, as Solana nodes do). */
export class SolanaRpcError extends Error {
  override name = 'SolanaRpcError'
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message)
  }
}

/** JSON-RPC error codes Solana nodes use. */
export const RpcCodes = {
  parse: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internal: -32603,
  /** Preflight simulation failed (the transaction was not sent). */
  simulationFailed: -32002,
  signatureVerification: -32003,
  unsupportedTransactionVersion: -32015,
} as const

// Names of litesvm's field-less error enums, in their numeric order (litesvm/dist/internal.d.ts).
const TX_ERRORS = [
  'AccountInUse', 'AccountLoadedTwice', 'AccountNotFound', 'ProgramAccountNotFound', 'InsufficientFundsForFee',
  'InvalidAccountForFee', 'AlreadyProcessed', 'BlockhashNotFound', 'CallChainTooDeep', 'MissingSignatureForFee',
  'InvalidAccountIndex', 'SignatureFailure', 'InvalidProgramForExecution', 'SanitizeFailure', 'ClusterMaintenance',
  'AccountBorrowOutstanding', 'WouldExceedMaxBlockCostLimit', 'UnsupportedVersion', 'InvalidWritableAccount',
  'WouldExceedMaxAccountCostLimit', 'WouldExceedAccountDataBlockLimit', 'TooManyAccountLocks',
  'AddressLookupTableNotFound', 'InvalidAddressLookupTableOwner', 'InvalidAddressLookupTableData',
  'InvalidAddressLookupTableIndex', 'InvalidRentPayingAccount', 'WouldExceedMaxVoteCostLimit',
  'WouldExceedAccountDataTotalLimit', 'MaxLoadedAccountsDataSizeExceeded', 'ResanitizationNeeded',
  'InvalidLoadedAccountsDataSizeLimit', 'UnbalancedTransaction', 'ProgramCacheHitMaxLimit', 'CommitCancelled',
] // prettier-ignore
const IX_ERRORS = [
  'GenericError', 'InvalidArgument', 'InvalidInstructionData', 'InvalidAccountData', 'AccountDataTooSmall',
  'InsufficientFunds', 'IncorrectProgramId', 'MissingRequiredSignature', 'AccountAlreadyInitialized',
  'UninitializedAccount', 'UnbalancedInstruction', 'ModifiedProgramId', 'ExternalAccountLamportSpend',
  'ExternalAccountDataModified', 'ReadonlyLamportChange', 'ReadonlyDataModified', 'DuplicateAccountIndex',
  'ExecutableModified', 'RentEpochModified', 'NotEnoughAccountKeys', 'AccountDataSizeChanged', 'AccountNotExecutable',
  'AccountBorrowFailed', 'AccountBorrowOutstanding', 'DuplicateAccountOutOfSync', 'InvalidError',
  'ExecutableDataModified', 'ExecutableLamportChange', 'ExecutableAccountNotRentExempt', 'UnsupportedProgramId',
  'CallDepth', 'MissingAccount', 'ReentrancyNotAllowed', 'MaxSeedLengthExceeded', 'InvalidSeeds', 'InvalidRealloc',
  'ComputationalBudgetExceeded', 'PrivilegeEscalation', 'ProgramEnvironmentSetupFailure', 'ProgramFailedToComplete',
  'ProgramFailedToCompile', 'Immutable', 'IncorrectAuthority', 'AccountNotRentExempt', 'InvalidAccountOwner',
  'ArithmeticOverflow', 'UnsupportedSysvar', 'IllegalOwner', 'MaxAccountsDataAllocationsExceeded',
  'MaxAccountsExceeded', 'MaxInstructionTraceLengthExceeded', 'BuiltinProgramsMustConsumeComputeUnits', 'BorshIoError',
] // prettier-ignore

/** A transaction error as JSON: a name, or a one-key object such as `{ InstructionError: [0, { Custom: 1 }] }`. */
export type TxErrorJson = string | Record<string, unknown>

type LiteError = number | { constructor: { name: string }; index?: number; accountIndex?: number; err?: () => unknown }

/** Converts one of litesvm's transaction errors to the node's JSON form. */
export function txErrorJson(raw: unknown): TxErrorJson {
  const e = raw as LiteError
  if (typeof e === 'number') return TX_ERRORS[e] ?? `Unknown(${e})`
  const kind = e.constructor.name.replace(/^TransactionError/, '')
  if (kind === 'InstructionError' && e.err) return { InstructionError: [e.index, instructionErrorJson(e.err())] }
  if (kind === 'DuplicateInstruction') return { DuplicateInstruction: e.index }
  return { [kind]: { account_index: e.accountIndex } }
}

function instructionErrorJson(raw: unknown): unknown {
  if (typeof raw === 'number') return IX_ERRORS[raw] ?? `Unknown(${raw})`
  const code = (raw as { code?: unknown }).code
  return typeof code === 'number' ? { Custom: code } : { BorshIoError: String(raw) }
}

// The wording of a node for the refusals a client meets most.
const NODE_TEXT: Record<string, string> = {
  AlreadyProcessed: 'This transaction has already been processed',
  AccountNotFound: 'Attempt to debit an account but found no record of a prior credit.',
  InsufficientFundsForFee: 'Insufficient funds for fee',
}

/** The sentence a node puts after "Transaction simulation failed: " for an error. */
export function txErrorText(err: TxErrorJson): string {
  if (typeof err === 'string')
    return NODE_TEXT[err] ?? err.replace(/([a-z])([A-Z])/g, (_, a: string, b: string) => `${a} ${b.toLowerCase()}`)
  const ix = err.InstructionError as [number, unknown] | undefined
  if (!ix) return JSON.stringify(err)
  const [index, inner] = ix
  const custom = (inner as { Custom?: number } | undefined)?.Custom
  const what = typeof custom === 'number' ? `custom program error: 0x${custom.toString(16)}` : String(inner)
  return `Error processing Instruction ${index}: ${what}`
}
