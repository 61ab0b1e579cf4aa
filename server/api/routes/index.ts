// The list of mounted route modules. To add one: write routes/<name>.ts exporting <name>Routes(deps) and
// openapi/<name>.ts exporting <name>OpenApi, then add an entry here. Order only matters for the docs' tag order.
import type { RouteModule } from '../deps.js'
import { adminOpenApi } from '../openapi/admin.js'
import { adminRoutes } from './admin.js'
import { analyticsOpenApi } from '../openapi/analytics.js'
import { healthOpenApi } from '../openapi/health.js'
import { projectsOpenApi } from '../openapi/projects.js'
import { walletsOpenApi } from '../openapi/wallets.js'
import { analyticsRoutes } from './analytics.js'
import { balancesOpenApi } from '../openapi/balances.js'
import { balancesRoutes } from './balances.js'
import { convertOpenApi } from '../openapi/convert.js'
import { convertRoutes } from './convert.js'
import { identityOpenApi } from '../openapi/identity.js'
import { identityRoutes } from './identity.js'
import { namesOpenApi } from '../openapi/names.js'
import { namesRoutes } from './names.js'
import { exchangeOpenApi } from '../openapi/exchange.js'
import { exchangeRoutes } from './exchange.js'
import { onrampOpenApi } from '../openapi/onramp.js'
import { onrampRoutes } from './onramp.js'
import { paymasterOpenApi } from '../openapi/paymaster.js'
import { paymasterRoutes } from './paymaster.js'
import { transactionsOpenApi } from '../openapi/transactions.js'
import { transactionsRoutes } from './transactions.js'
import { healthRoutes } from './health.js'
import { iconsOpenApi } from '../openapi/icons.js'
import { nftsOpenApi } from '../openapi/nfts.js'
import { nftsRoutes } from './nfts.js'
import { iconsRoutes } from './icons.js'
import { rpcOpenApi } from '../openapi/rpc.js'
import { rpcRoutes } from './rpc.js'
import { projectsRoutes } from './projects.js'
import { siwxOpenApi } from '../openapi/siwx.js'
import { siwxRoutes } from './siwx.js'
import { walletsRoutes } from './wallets.js'

/** Every module the API mounts. */
export const ROUTE_MODULES: RouteModule[] = [
  { name: 'health', routes: healthRoutes, openapi: healthOpenApi },
  { name: 'projects', routes: projectsRoutes, openapi: projectsOpenApi },
  { name: 'wallets', routes: walletsRoutes, openapi: walletsOpenApi },
  { name: 'analytics', routes: analyticsRoutes, openapi: analyticsOpenApi },
  // Chain engineer: identity, names, balances, transactions go here.
  { name: 'identity', routes: identityRoutes, openapi: identityOpenApi },
  { name: 'names', routes: namesRoutes, openapi: namesOpenApi },
  { name: 'balances', routes: balancesRoutes, openapi: balancesOpenApi },
  { name: 'transactions', routes: transactionsRoutes, openapi: transactionsOpenApi },
  { name: 'rpc', routes: rpcRoutes, openapi: rpcOpenApi },
  { name: 'nfts', routes: nftsRoutes, openapi: nftsOpenApi },
  { name: 'icons', routes: iconsRoutes, openapi: iconsOpenApi },
  { name: 'siwx', routes: siwxRoutes, openapi: siwxOpenApi },
  { name: 'convert', routes: convertRoutes, openapi: convertOpenApi },
  { name: 'onramp', routes: onrampRoutes, openapi: onrampOpenApi },
  { name: 'exchange', routes: exchangeRoutes, openapi: exchangeOpenApi },
  { name: 'admin', routes: adminRoutes, openapi: adminOpenApi },
  { name: 'paymaster', routes: paymasterRoutes, openapi: paymasterOpenApi },
]
