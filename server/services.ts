// Every service a Foyer process can run, for server/compose.ts. To add one, write its ServiceDefinition in its own
// folder (see the header of compose.ts) and add it here, in alphabetical order (fewer merge conflicts): the start
// order comes from each definition's `needs` and `uses`, not from this list.
import { apiService } from './api/service.js'
import { chainsService } from './chains/service.js'
import { exchangeService } from './exchange/service.js'
import type { ServiceDefinition } from './compose.js'
import { indexerService } from './indexer/service.js'
import { mailboxService } from './mail/service.js'
import { oidcService } from './oidc/service.js'
import { onrampService } from './onramp/service.js'
import { paymasterService } from './paymaster/service.js'
import { relayService } from './relay/service.js'
import { secureSiteService } from './secure-site/service.js'
import { solanaService } from './solana/service.js'
import { storeService } from './store/service.js'

/** The server's services; `npm run server` runs those FOYER_SERVICES names, or all. */
export const SERVICES: readonly ServiceDefinition[] = [
  apiService,
  chainsService,
  exchangeService,
  indexerService,
  mailboxService,
  oidcService,
  onrampService,
  paymasterService,
  relayService,
  secureSiteService,
  solanaService,
  storeService,
]
