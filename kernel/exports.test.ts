// The kernel's public surface is deliberate: its export list is snapshotted, and kernel/ stays framework-free.
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const kernelDir = dirname(fileURLToPath(import.meta.url))

describe('public surface', () => {
  it('exports exactly this list (update on purpose, never by accident)', async () => {
    expect(Object.keys(await import('./index.js')).sort()).toMatchInlineSnapshot(`
      [
        "AuthError",
        "AuthErrorCategories",
        "CacheLifetimes",
        "ConnectMethodOrder",
        "DecimalPattern",
        "DisconnectedError",
        "DisconnectedMessage",
        "EmailWarnings",
        "EmptyPortfolio",
        "ErrorMessages",
        "FarcasterReloadMs",
        "FeatureDefaults",
        "FoyerError",
        "HttpError",
        "KnownNamespaces",
        "NameServiceError",
        "NetworkError",
        "PaymentError",
        "PaymentErrorCategories",
        "RegisteredConnectorTypes",
        "RemoteFeatureIds",
        "ShakeMs",
        "SignViews",
        "SnackbarDurationMs",
        "SnackbarSwapMs",
        "StorageKeys",
        "StoragePrefix",
        "TokenBalanceRetryBlockMs",
        "TokenBalanceUnavailable",
        "UnauthorizedError",
        "UnauthorizedMessage",
        "UnreachableMessage",
        "UserRejectedError",
        "WalletErrorCodes",
        "WalletFeatureOrder",
        "accountProfile",
        "activeCaipAddress",
        "activeNetwork",
        "addressOf",
        "apiIconUrl",
        "authLoggerEnabled",
        "balanceUnavailable",
        "checkNetwork",
        "connectMethodOrder",
        "connectorById",
        "corePlugins",
        "createConnector",
        "createErrorReporter",
        "createEventLog",
        "createFakeClock",
        "createHttp",
        "createKernel",
        "createStorage",
        "createTtlCache",
        "currentView",
        "defaultBackend",
        "defineManifest",
        "definePlugin",
        "evmCaipNetworkId",
        "evmChainId",
        "explorerTxUrl",
        "findNonSerializable",
        "formatBaseUnits",
        "formatCaipAddress",
        "formatCaipNetworkId",
        "hasInjectedWallet",
        "hostConnectorProblem",
        "invariant",
        "isCaipAddress",
        "isCloseBlocked",
        "isConnected",
        "isConnecting",
        "isEvmAddress",
        "isFeatureEnabled",
        "isKnownNamespace",
        "isManifest",
        "isPending",
        "isRemoteFeature",
        "isSolanaAddress",
        "isUserRejection",
        "isValidAddress",
        "isValidAsset",
        "loadBalances",
        "manifestDrift",
        "memoryBackend",
        "modalClosedError",
        "multiplyDecimals",
        "namespaceOf",
        "networkOfAddress",
        "networkProblem",
        "nextConnection",
        "parseBaseUnits",
        "parseCaipAddress",
        "parseCaipNetworkId",
        "portfolioOf",
        "preloadHttp",
        "preloadNavigation",
        "reconnectEnabled",
        "referenceOf",
        "requestError",
        "requestStatus",
        "resolveOpenView",
        "restingView",
        "safeAppLink",
        "safeImageUrl",
        "safeLinkUrl",
        "safeWebUrl",
        "serializeError",
        "shortHash",
        "sortBySpecOrder",
        "startInitialization",
        "startNetwork",
        "sumDecimals",
        "systemClock",
        "toBaseUnits",
        "toTokenBalances",
        "transactionId",
        "truncateDecimals",
        "unlessModalCloses",
        "unmetNeed",
        "validateEmail",
        "visitorMessage",
        "walletsEnabled",
        "withNetworkImage",
      ]
    `)
  })
})

describe('kernel/ is framework-free', () => {
  const files = (readdirSync(kernelDir, { recursive: true }) as string[])
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
    .map((f) => join(kernelDir, f))
  const specifiers = (source: string) =>
    [
      ...source.matchAll(/(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]/g),
      ...source.matchAll(/import\s*['"]([^'"]+)['"]/g),
      ...source.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g),
      ...source.matchAll(/require\(\s*['"]([^'"]+)['"]\s*\)/g),
    ].map((m) => m[1])

  it('finds the source files', () => {
    expect(files.length).toBeGreaterThan(15)
    expect(specifiers(readFileSync(join(kernelDir, 'kernel.ts'), 'utf8'))).toContain('@preact/signals-core')
    // the scanner sees every import form
    expect(
      specifiers(
        "import React from 'react'\nimport type {\n  A,\n} from '../shell/a.js'\nexport { b } from \"@preact/signals-react\"\nimport 'react-dom'\nconst c = import('../plugins/x.js')",
      ),
    ).toEqual(['react', '../shell/a.js', '@preact/signals-react', 'react-dom', '../plugins/x.js'])
  })

  it('imports nothing from react, react-dom, @preact/signals-react, shell/ or plugins/', () => {
    const offending: string[] = []
    for (const file of files) {
      for (const spec of specifiers(readFileSync(file, 'utf8'))) {
        const forbiddenPackage = /^(react|react-dom|@preact\/signals-react)(\/|$)/.test(spec)
        const target = spec.startsWith('.') ? relative(resolve(kernelDir, '..'), resolve(dirname(file), spec)) : ''
        const outside =
          spec.startsWith('.') &&
          (target.startsWith('shell') || target.startsWith('plugins') || target.startsWith('..'))
        if (forbiddenPackage || outside || /^(shell|plugins)\//.test(spec))
          offending.push(`${relative(kernelDir, file)} -> ${spec}`)
      }
    }
    expect(offending).toEqual([])
  })
})
