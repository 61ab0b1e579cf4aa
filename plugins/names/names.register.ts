// Choosing a name (SPEC §4 "Name registration"): the visitor types, the availability and suggestions follow after a
// pause; registering signs a message with the name, attributes, coin type and a timestamp in seconds through the
// wallet, submits it with the ENSIP-11 coin type of the active chain, and shows RegisterAccountNameSuccess. On error
// the visitor stays on (or returns to) RegisterAccountName with the input kept and the SPEC §8 message.
import {
  activeCaipAddress,
  currentView,
  FoyerError,
  NameServiceError,
  parseCaipAddress,
  safeImageUrl,
  type Clock,
  type HandlerContext,
  type TimerHandle,
} from '../../kernel/index.js'
import { identityCache, nameCache, nameServiceError } from './names.api.js'
import { evmCoinType, nameRuleError } from './names.rules.js'
import { namesOf } from './names.state.js'

/** Pause after the last keystroke before availability and suggestions are asked for. */
export const NameCheckDebounceMs = 300

/** What a registration gave: the registered name and the address it points to. */
export interface RegisteredName {
  name: string
  address: string
  caipNetworkId: string
}

declare module '../../kernel/index.js' {
  interface RequestMap {
    /** Records what the visitor typed; availability and suggestions follow once typing pauses. */
    'names/changeInput': { input: { input: string }; output: void }
    /** Registers `name` (default: the typed input) for the connected EVM account, signed by its wallet. */
    'names/register': {
      input: { name?: string; attributes?: Record<string, string> } | undefined
      output: RegisteredName
      error: NameServiceError
    }
  }
}

/** The `names/changeInput` handler, debouncing the lookup with the kernel's clock; `cancel` drops a pending one. */
export function changeInputHandler() {
  let pending: { clock: Clock; timer: TimerHandle } | undefined
  const cancel = () => {
    pending?.clock.clearTimeout(pending.timer)
    pending = undefined
  }
  const handler = ({ input }: { input: string }, ctx: HandlerContext): void => {
    ctx.emit('names/inputChanged', { input })
    cancel()
    if (nameRuleError(input)) return
    const timer = ctx.clock.setTimeout(() => {
      pending = undefined
      // a lookup for an input the visitor has already changed would only be dropped
      if (namesOf(ctx.getState()).input === input) ctx.request('names/suggest', { name: input }).catch(() => undefined)
    }, NameCheckDebounceMs)
    pending = { clock: ctx.clock, timer }
  }
  return { handler, cancel }
}

// What the visitor asked for, checked before the wallet is asked: these failures keep their own message.
function prepare(typed: string, attributes: Record<string, string>, ctx: HandlerContext) {
  const rule = nameRuleError(typed)
  if (rule) throw new FoyerError(rule, { code: 'INVALID_NAME' })
  const active = ctx.getState().account.activeNamespace
  if (active && active !== 'eip155') throw FoyerError.of('unsupportedChain')
  const caipAddress = activeCaipAddress(ctx.getState())
  // SPEC §8: nothing can sign the registration without a connected address (any EVM wallet may register here, so the
  // embedded wallet's connector is not required as well).
  if (!caipAddress) throw FoyerError.of('addressOrAuthConnectorNotFound', { category: 'WALLET' })
  const account = parseCaipAddress(caipAddress)
  if (account?.namespace !== 'eip155') throw FoyerError.of('unsupportedChain')
  const coinType = evmCoinType(Number(account.reference))
  // sign the full name the visitor was shown when the server told us, else the label (the server adds its suffix)
  const check = namesOf(ctx.getState()).check
  const name = check?.input === typed && check.name ? check.name : typed
  const timestamp = Math.floor(ctx.clock.now() / 1000)
  return {
    name,
    coinType,
    caipNetworkId: account.caipNetworkId,
    message: JSON.stringify({ name, attributes, coinType, timestamp }),
  }
}

// A wallet that shows its own approval view (the embedded wallet's ApproveTransaction) steps back from it when a
// transaction stack exists, and closes the modal when none does (SPEC §2). Registering stacks itself while the modal
// is open, so the visitor comes back here to see the outcome; the stack is left without a step of its own ('success'),
// because this handler shows the outcome itself (the success view, or the error on RegisterAccountName).
async function signOnStack(ctx: HandlerContext, message: string) {
  const id = 'names/register'
  const stacked = ctx.getState().modal.open
  if (stacked) await ctx.request('router/pushTransaction', { id })
  try {
    return await ctx.request('wallet/signMessage', { message, namespace: 'eip155' })
  } finally {
    if (stacked) await ctx.request('router/popTransaction', { id, status: 'success' }).catch(() => undefined)
  }
}

/** Handles `names/register`. */
export async function registerName(
  input: { name?: string; attributes?: Record<string, string> } | undefined,
  ctx: HandlerContext,
): Promise<RegisteredName> {
  const typed = input?.name ?? namesOf(ctx.getState()).input
  const fail = async (message: string, cause: unknown): Promise<never> => {
    ctx.emit('names/registrationFailed', { input: typed, message })
    const s = ctx.getState()
    if (s.modal.open && currentView(s) !== 'RegisterAccountName')
      await ctx.request('router/replace', { view: 'RegisterAccountName' }).catch(() => undefined)
    throw new NameServiceError('registerNameFailed', message, cause)
  }
  let plan: ReturnType<typeof prepare>
  try {
    plan = prepare(typed, input?.attributes ?? {}, ctx)
  } catch (error) {
    return fail((error as Error).message, error)
  }
  const { name, coinType, caipNetworkId, message } = plan
  let address: string
  let record: { name?: unknown; attributes?: Record<string, unknown> } | undefined
  try {
    const signed = await signOnStack(ctx, message)
    address = signed.address
    record = await ctx.http.post({
      path: 'v1/names',
      body: { coinType, address, signature: signed.signature, message },
      signal: ctx.signal,
    })
  } catch (error) {
    // a refusal in the wallet, a wallet failure or the server's answer: SPEC §8 "Error registering name" family
    return fail(nameServiceError('registerNameFailed', error).message, error)
  }
  const registered = typeof record?.name === 'string' ? record.name : name
  // what was cached for this account (no name) is wrong now
  identityCache(ctx).clear()
  nameCache(ctx).clear()
  ctx.emit('names/registered', { name: registered, address, caipNetworkId })
  ctx.emit('identity/resolved', {
    namespace: 'eip155',
    address,
    name: registered,
    image: safeImageUrl(record?.attributes?.avatar) ?? null,
  })
  if (ctx.getState().modal.open)
    await ctx.request('router/replace', { view: 'RegisterAccountNameSuccess', data: { name: registered } })
  return { name: registered, address, caipNetworkId }
}
