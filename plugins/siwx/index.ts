// The siwx plugin (SPEC §3, §4, §8): the sign-in flow over the host's `siwx` config (or its mapped `siweConfig`),
// the SIWXSignMessage view, and the reactions that start the flow after a connection, switch or account change.
import { definePlugin, FoyerError, isConnected, type PluginDefinition, type SIWXConfig } from '../../kernel/index.js'
import { captureHandlers, siwxSlice, type SiwxState } from './capture.js'
import { siwxFromSiwe } from './siwe.js'
import { signInTarget, siwxHandlers, type SiwxSetup } from './siwx.handlers.js'
import { bindEnvironment } from './ready/environment.js'
import { DataCaptureOtpConfirmView, DataCaptureView, SIWXAccountView } from './views/DataCaptureView.js'
import { SIWXSignMessageView } from './views/SIWXSignMessageView.js'

// The account line's name: its row label on Account and its title when opened alone.
const EmailTitle = 'Email'

/** Creates the siwx plugin (one per kernel: it holds that kernel's config). */
export function createSiwxPlugin(): PluginDefinition {
  let setup: SiwxSetup | undefined
  return definePlugin<SiwxState>({
    id: 'siwx',
    state: siwxSlice,
    views: {
      SIWXSignMessage: { component: SIWXSignMessageView, title: 'Sign In' },
      DataCapture: { component: DataCaptureView, title: 'Your Email', noBack: true },
      DataCaptureOtpConfirm: { component: DataCaptureOtpConfirmView, title: 'Confirm Email', noBack: true },
      SIWXAccount: { component: SIWXAccountView, title: EmailTitle },
    },
    handlers: { ...siwxHandlers(() => setup), ...captureHandlers(() => setup?.config, signInTarget) },
    // The captured email under the address on Account; the plugin is loaded whenever sign-in is configured.
    entries: [{ point: 'account-header', id: 'siwx-account', view: 'SIWXAccount', label: EmailTitle, inline: true }],
    reactions: [
      { on: 'wallet/connected', request: 'siwx/ensureSession' },
      { on: 'wallet/accountChanged', request: 'siwx/ensureSession' },
      // Switching to a network without a session asks again (SPEC §4).
      { on: 'network/switched', when: (_e, s) => isConnected(s), request: 'siwx/ensureSession' },
      { on: 'wallet/disconnected', request: 'siwx/forgetSession', input: (e) => ({ namespace: e.payload.namespace }) },
    ],
    setup(ctx) {
      const { siwx, siweConfig } = ctx.options
      // SPEC §5; createFoyer already refuses this, a kernel built by hand may not.
      if (siwx && siweConfig) throw FoyerError.of('siweAndSiwx', { category: 'CONFIGURATION' })
      const config: SIWXConfig | undefined = siwx ?? (siweConfig ? siwxFromSiwe(siweConfig) : undefined)
      if (!config) return
      setup = { config, namespaces: siwx ? ['eip155', 'solana', 'bip122'] : ['eip155'] }
      bindEnvironment(config, ctx)
      ctx.emit('siwx/requirementChanged', { required: !!config.getRequired?.() })
      return () => {
        setup = undefined
      }
    },
  })
}
