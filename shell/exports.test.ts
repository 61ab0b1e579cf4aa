import { describe, expect, it } from 'vitest'
import * as uiByName from 'foyer/ui'
import * as foyer from '../index.js'
import pkg from '../package.json'
// @ts-expect-error -- the build's config is plain JavaScript, without declarations
import rollupConfig from '../rollup.config.mjs'
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

  it('the package names exactly these entries, each built by the library build from the file its types describe', () => {
    const exports: Record<string, { types: string; import: string }> = pkg.exports
    expect(Object.keys(exports).sort()).toEqual(['.', './alerts', './kernel', './siwx', './testing', './ui', './wagmi'])
    const [library] = (rollupConfig as (args: object) => Array<{ input: Record<string, string> }>)({})
    for (const [name, entry] of Object.entries(exports)) {
      const built = /^\.\/dist\/lib\/(\w+)\.js$/.exec(entry.import)?.[1]
      expect(built && library.input[built], `${name} is built`).toBeTruthy()
      // the types are the declarations tsc emits for the very file rollup builds the entry from
      expect(entry.types).toBe(`./dist/lib/types/${library.input[built!].replace(/\.tsx?$/, '.d.ts')}`)
    }
    expect(library.input.ui).toBe('shell/ui/index.ts')
  })

  it('`foyer/ui`, as a third-party plugin imports it, is the UI kit the built-in plugins use', () => {
    expect(Object.keys(uiByName).sort()).toEqual(Object.keys(ui).sort())
    for (const name of Object.keys(ui)) expect(uiByName[name as keyof typeof ui]).toBe(ui[name as keyof typeof ui])
  })
})
