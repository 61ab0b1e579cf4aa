import { describe, expect, it } from 'vitest'
import * as foyer from '../index.js'
import * as ui from './ui/index.js'

// Host apps and plugins depend on these names: changing the list must be a deliberate act.
describe('public exports', () => {
  it('the package entry exports exactly these values', () => {
    expect(Object.keys(foyer).sort()).toEqual([
      'AccountButton',
      'ConnectButton',
      'ErrorMessages',
      'FoyerElementTags',
      'FoyerError',
      'FoyerModal',
      'FoyerProvider',
      'NetworkButton',
      'UserRejectedError',
      'createConnector',
      'createFakeClock',
      'createFoyer',
      'createStorage',
      'defineFoyerElements',
      'defineManifest',
      'definePlugin',
      'memoryBackend',
      'useConnect',
      'useDisconnect',
      'useFoyer',
      'useFoyerAccount',
      'useFoyerInitialized',
      'useFoyerNetwork',
      'useFoyerState',
      'useWalletInfo',
    ])
  })

  it('the UI kit exports exactly these values', () => {
    expect(Object.keys(ui).sort()).toEqual([
      'Avatar',
      'Button',
      'CodeEntry',
      'EmptyState',
      'Icon',
      'ImagePreloadTimeoutMs',
      'ListItem',
      'Spinner',
      'Tabs',
      'Text',
      'addressOf',
      'avatarGradient',
      'codeInputStyle',
      'decimalMark',
      'formatAmount',
      'formatDecimal',
      'formatSignificant',
      'formatTokenAmount',
      'formatUsd',
      'inputStyle',
      'isIconName',
      'isSafeImageUrl',
      'isSafeLinkUrl',
      'normalizeDecimalInput',
      'truncateAddress',
      'truncateText',
      'useCountdown',
      'useSelect',
    ])
  })
})
