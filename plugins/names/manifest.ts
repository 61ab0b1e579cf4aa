// The names plugin's eager manifest: its views and requests, the name line on Account, and the identity lookup
// when an EVM account connects or changes (account or network), which is what first loads the plugin.
import { defineManifest } from '../../kernel/index.js'

/** Manifest of the names plugin. */
export const namesManifest = defineManifest({
  id: 'names',
  views: {
    RegisterAccountName: { title: 'Choose name', needs: ['connection'] },
    RegisterAccountNameSuccess: { title: 'Name registered', noBack: true, needs: ['data'] },
    AccountName: { needs: ['connection'] },
  },
  requests: [
    'names/fetchIdentity',
    'names/resolve',
    'names/reverse',
    'names/suggest',
    'names/changeInput',
    'names/register',
  ],
  entries: [
    { point: 'account-header', id: 'name', view: 'AccountName', label: 'Name', inline: true, namespaces: ['eip155'] },
  ],
  boot(ctx) {
    const lookUp = (e: { payload: { namespace: string } }) => {
      if (e.payload.namespace === 'eip155') ctx.request('names/fetchIdentity').catch(() => undefined)
    }
    ctx.on('wallet/connected', lookUp)
    ctx.on('wallet/accountChanged', lookUp)
  },
  load: () => import('./index.js').then((m) => m.createNamesPlugin()),
})
