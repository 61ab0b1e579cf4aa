// The wallet requests as the plugin registers them: each handler loads the requests' chunk on first use, so opening
// the modal or connecting a wallet downloads none of it (nor viem, which only that chunk imports).
import type { HandlerContext } from '../../../kernel/index.js'
import { WalletRequestNames } from './names.js'
import type { RequestEnv } from './session.js'

/** Handlers for {@link WalletRequestNames} over the plugin's closure. */
export function walletRequestHandlers(env: RequestEnv) {
  let chunk: Promise<typeof import('./wallet-requests.js')> | undefined
  return Object.fromEntries(
    WalletRequestNames.map((name) => [
      name,
      async (input: unknown, ctx: HandlerContext) => {
        const { walletRequests } = await (chunk ??= import('./wallet-requests.js'))
        return walletRequests[name](env, input as never, ctx)
      },
    ]),
  )
}
