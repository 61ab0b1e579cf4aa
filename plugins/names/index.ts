// The names plugin: identity (name and avatar) on the account, name lookup, reverse lookup and suggestions, and
// registering a name with a signed message. Loaded as its own chunk when an EVM account connects or a view opens.
import { definePlugin, type PluginDefinition } from '../../kernel/index.js'
import { fetchIdentity } from './names.identity.js'
import { resolveName, reverseNames, suggestNames } from './names.lookup.js'
import { changeInputHandler, registerName } from './names.register.js'
import { namesSlice, type NamesState } from './names.state.js'
import { AccountNameView } from './views/AccountNameView.js'
import { RegisterAccountNameSuccessView } from './views/RegisterAccountNameSuccessView.js'
import { RegisterAccountNameView } from './views/RegisterAccountNameView.js'

/** Creates the names plugin (one per kernel: it owns the typing debounce). */
export function createNamesPlugin(): PluginDefinition<NamesState> {
  const input = changeInputHandler()
  return definePlugin<NamesState>({
    id: 'names',
    state: namesSlice,
    views: {
      RegisterAccountName: { component: RegisterAccountNameView },
      RegisterAccountNameSuccess: { component: RegisterAccountNameSuccessView },
      AccountName: { component: AccountNameView },
    },
    handlers: {
      'names/fetchIdentity': fetchIdentity,
      'names/resolve': resolveName,
      'names/reverse': reverseNames,
      'names/suggest': suggestNames,
      'names/changeInput': input.handler,
      'names/register': registerName,
    },
    setup: () => input.cancel,
  })
}
