// Plain data in and out of ABI calls: amounts arrive as decimal strings (DESIGN: never floats) and become bigints for
// the encoder; bigints in results leave as decimal strings, so every input and output stays plain data.
import { FoyerError } from '../../../kernel/index.js'

/** An ABI parameter (the fields the coercion reads). */
export interface AbiParam {
  type: string
  name?: string
  components?: readonly AbiParam[]
}

/** An ABI function entry. */
export interface AbiFunction {
  type: 'function'
  name: string
  inputs?: readonly AbiParam[]
  outputs?: readonly AbiParam[]
}

const invalid = (what: string, value: unknown) =>
  new FoyerError(`${what} must be a whole number as a decimal string, got ${JSON.stringify(String(value))}`, {
    code: 'INVALID_AMOUNT',
    category: 'WALLET',
  })

/** A non-negative whole number from a decimal string (or a safe integer), for amounts, values and gas. */
export function decimal(value: unknown, what = 'An amount'): bigint {
  if (typeof value === 'string' && /^\d+$/.test(value)) return BigInt(value)
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return BigInt(value)
  if (typeof value === 'bigint' && value >= 0n) return value
  throw invalid(what, value)
}

/** `0x`-hex of a decimal amount, as JSON-RPC quantities are written. */
export const quantity = (value: unknown, what?: string): string => `0x${decimal(value, what).toString(16)}`

const integer = (value: unknown, what: string): bigint => {
  if (typeof value === 'string' && /^-?\d+$/.test(value)) return BigInt(value)
  if (typeof value === 'number' && Number.isSafeInteger(value)) return BigInt(value)
  if (typeof value === 'bigint') return value
  throw invalid(what, value)
}

/** `value` shaped for the encoder: (u)int values become bigints, through arrays and tuples. */
export function coerce(param: AbiParam, value: unknown): unknown {
  const array = /^(.*)\[\d*\]$/.exec(param.type)
  if (array) {
    if (!Array.isArray(value))
      throw new FoyerError(`${param.name ?? param.type} must be an array`, {
        code: 'INVALID_ARGUMENT',
        category: 'WALLET',
      })
    return value.map((v) => coerce({ ...param, type: array[1] }, v))
  }
  if (/^u?int\d*$/.test(param.type)) return integer(value, param.name || param.type)
  if (param.type === 'tuple' && param.components) {
    const parts = param.components
    return Array.isArray(value)
      ? parts.map((c, i) => coerce(c, value[i]))
      : Object.fromEntries(
          parts.map((c, i) => [c.name ?? i, coerce(c, (value as Record<string, unknown>)?.[c.name ?? i])]),
        )
  }
  return value
}

/** The function `name` of `abi` taking `args.length` arguments, or a clear failure. */
export function findFunction(abi: readonly unknown[], name: string, args: readonly unknown[]): AbiFunction {
  const fn = (abi as AbiFunction[]).find(
    (x) => x?.type === 'function' && x.name === name && (x.inputs?.length ?? 0) === args.length,
  )
  if (!fn)
    throw new FoyerError(`The ABI has no function ${name} taking ${args.length} argument(s)`, {
      code: 'ABI_FUNCTION_NOT_FOUND',
      category: 'WALLET',
    })
  return fn
}

/** `args` coerced for `fn`'s inputs. */
export const coerceArgs = (fn: AbiFunction, args: readonly unknown[]): unknown[] =>
  (fn.inputs ?? []).map((p, i) => coerce(p, args[i]))

/** `value` as plain data: bigints become decimal strings, through arrays and objects. */
export function plain(value: unknown): unknown {
  if (typeof value === 'bigint') return value.toString()
  if (Array.isArray(value)) return value.map(plain)
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype)
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)]))
  return value
}
