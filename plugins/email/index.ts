// The email login (SPEC §5): EmailLogin and UpdateEmailWallet, views over the embedded wallet's auth requests.
import { definePlugin, type PluginDefinition } from '../../kernel/index.js'
import { EmailLoginView } from './views/EmailLoginView.js'
import { UpdateEmailWalletView } from './views/UpdateEmailWalletView.js'

/** Creates the email plugin. */
export function createEmailPlugin(): PluginDefinition {
  return definePlugin({
    id: 'email',
    views: {
      EmailLogin: { component: EmailLoginView },
      UpdateEmailWallet: { component: UpdateEmailWalletView },
    },
  })
}
