// The import-boundary rule fails on deliberate violations of each never-arrow, and passes the allowed arrows.
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

const eslint = new ESLint({ cwd: process.cwd() })

const boundaryErrors = async (filePath: string, code: string): Promise<string[]> => {
  const [result] = await eslint.lintText(code, { filePath })
  return result.messages.filter((m) => m.ruleId === 'foyer/boundaries').map((m) => m.message)
}

describe('foyer/boundaries', () => {
  it.each([
    ['kernel/x.ts', "import { useState } from 'react'\nexport const a = useState", 'never imports React'],
    [
      'kernel/x.ts',
      "import { createFoyerWith } from '../shell/createFoyer.js'\nexport const a = createFoyerWith",
      'kernel never imports',
    ],
    [
      'kernel/contracts/x.ts',
      "export const load = () => import('../../plugins/networks/index.js')",
      'kernel never imports',
    ],
    ['shell/x.ts', "import { builtins } from '../plugins/builtins.js'\nexport const a = builtins", 'names no plugin'],
    ['shell/modal/x.ts', "export type N = typeof import('../../plugins/networks/index.js')", 'names no plugin'],
    [
      'plugins/send/x.ts',
      "import { namesPlugin } from '../names/index.js'\nexport const a = namesPlugin",
      'another plugin',
    ],
    ['plugins/send/views/x.tsx', "export { thing } from '../../swap/thing.js'", 'another plugin'],
    [
      'plugins/send/x.ts',
      "import { ViewRenderer } from '../../shell/modal/ViewRenderer.js'\nexport const a = ViewRenderer",
      'UI kit only',
    ],
    [
      'plugins/send/x.ts',
      "import { startApi } from '../../server/api/server.js'\nexport const a = startApi",
      'never imports server',
    ],
    [
      'shell/x.ts',
      "import { startApi } from '../server/api/server.js'\nexport const a = startApi",
      'never imports server',
    ],
    [
      'examples/hello-plugin/x.ts',
      "import { networksPlugin } from '../../plugins/networks/index.js'\nexport const a = networksPlugin",
      'another plugin',
    ],
  ])('%s: %s is refused', async (file, code, why) => {
    const errors = await boundaryErrors(file, code)
    expect(errors.length).toBe(1)
    expect(errors[0]).toContain(why)
  })

  it.each([
    [
      'plugins/send/x.ts',
      "import { definePlugin } from '../../kernel/index.js'\nimport { Button } from '../../shell/ui/index.js'\nexport const a = [definePlugin, Button]",
    ],
    ['plugins/send/views/x.tsx', "import { parse } from '../send.rules.js'\nexport const a = parse"],
    ['index.ts', "import { builtins } from './plugins/builtins.js'\nexport const a = builtins"],
    ['server/api/x.ts', "import { isCaipAddress } from '../../protocol/caip.js'\nexport const a = isCaipAddress"],
    ['plugins/send/send.test.ts', "import { namesPlugin } from '../names/index.js'\nexport const a = namesPlugin"],
  ])('%s may import what it imports', async (file, code) => {
    expect(await boundaryErrors(file, code)).toEqual([])
  })
})

// Issue 34: each hole the rule had (one import at a time, read only as a string literal, blind to server files and
// to tests crossing client and server). Every row below passed unreported before the rule was rewritten.
describe('foyer/boundaries sees everything', () => {
  it.each([
    // protocol/ is the shared floor: it imports protocol/ and packages only
    ['protocol/x.ts', "import { useState } from 'react'\nexport const a = useState", 'never imports React'],
    ['protocol/x.ts', "import { definePlugin } from '../kernel/index.js'\nexport const a = definePlugin", 'protocol/'],
    ['protocol/siwx/x.ts', "export type { SiwxEmailCapture } from '../../plugins/siwx/capture.js'", 'protocol/'],
    ['protocol/x.ts', "import { Button } from '../shell/ui/index.js'\nexport const a = Button", 'protocol/'],
    ['protocol/x.ts', "import type { Services } from '../server/services.js'\nexport type A = Services", 'protocol/'],
    [
      'protocol/x.ts',
      "import { installTestWallet } from '../testing/eip6963.js'\nexport const a = installTestWallet",
      'protocol/',
    ],
    ['protocol/x.ts', "import { createFoyer } from '../index.js'\nexport const a = createFoyer", 'protocol/'],
    ['protocol/x.ts', "import { a } from '../demo/main.js'\nexport const b = a", 'protocol/'],
    // server/ imports server/, protocol/ and packages only, tests included
    [
      'server/api/x.ts',
      "import { definePlugin } from '../../kernel/index.js'\nexport const a = definePlugin",
      'server',
    ],
    ['server/x.ts', "import { formatDecimal } from '../shell/ui/decimal.js'\nexport const a = formatDecimal", 'server'],
    ['server/x.ts', "import { siwxPlugin } from '../plugins/siwx/index.js'\nexport const a = siwxPlugin", 'server'],
    ['server/x.ts', "import { createFoyer } from '../index.js'\nexport const a = createFoyer", 'server'],
    ['server/x.ts', "import { createLocalSiwx } from '../siwx.js'\nexport const a = createLocalSiwx", 'server'],
    [
      'server/x.ts',
      "import { helloPlugin } from '../examples/hello-plugin/hello.js'\nexport const a = helloPlugin",
      'server',
    ],
    [
      'server/x.ts',
      "import { createSolanaSigner } from '../testing/solana-signer.js'\nexport const a = createSolanaSigner",
      'server',
    ],
    [
      'server/api/x.test.ts',
      "import { definePlugin } from '../../kernel/index.js'\nexport const a = definePlugin",
      'server',
    ],
    // client → server, tests and test support included
    [
      'plugins/names/x.test.ts',
      "import { startApi } from '../../server/api/server.js'\nexport const a = startApi",
      'never imports server',
    ],
    [
      'kernel/testing/x.ts',
      "import { startApi } from '../../server/api/server.js'\nexport const a = startApi",
      'never imports server',
    ],
    [
      'shell/testing.tsx',
      "import { startApi } from '../server/api/server.js'\nexport const a = startApi",
      'never imports server',
    ],
    [
      'examples/hello-plugin/hello.test.ts',
      "import type { Services } from '../../server/services.js'\nexport type A = Services",
      'never imports server',
    ],
    // the package entries are judged by what they import
    [
      'plugins/send/x.ts',
      "import { createFoyer } from '../../index.js'\nexport const a = createFoyer",
      'through index.ts',
    ],
    [
      'plugins/send/x.ts',
      "import { createLocalSiwx } from '../../siwx.js'\nexport const a = createLocalSiwx",
      'another plugin',
    ],
    [
      'plugins/send/x.ts',
      "import { foyerConnector } from '../../wagmi.js'\nexport const a = foyerConnector",
      'UI kit only',
    ],
    ['shell/x.ts', "import { createFoyer } from '../index.js'\nexport const a = createFoyer", 'names no plugin'],
    [
      'shell/modal/x.ts',
      "import { createLocalSiwx } from '../../siwx.js'\nexport const a = createLocalSiwx",
      'names no plugin',
    ],
    ['plugins/send/x.ts', "import { createFoyer } from '../..'\nexport const a = createFoyer", 'through index.ts'],
    // the package's own name
    ['plugins/send/x.ts', "import { createFoyer } from 'foyer'\nexport const a = createFoyer", 'through index.ts'],
    [
      'shell/x.ts',
      "import { createServerSiwx } from 'foyer/siwx'\nexport const a = createServerSiwx",
      'names no plugin',
    ],
    ['kernel/x.ts', "import { createFoyer } from 'foyer'\nexport const a = createFoyer", 'kernel never imports'],
    ['server/x.ts', "import { definePlugin } from 'foyer/kernel'\nexport const a = definePlugin", 'server'],
    ['protocol/x.ts', "import { alertCodes } from 'foyer/alerts'\nexport const a = alertCodes", 'protocol/'],
    [
      'plugins/send/x.ts',
      "import { x } from 'foyer/shell/createFoyer.js'\nexport const a = x",
      'not one of the package',
    ],
    [
      'plugins/send/x.ts',
      "import { startApi } from 'foyer-server/api/server.js'\nexport const a = startApi",
      'never imports server',
    ],
    // import() with a template literal, require(), require.resolve(), createRequire()(), import x = require()
    ['plugins/send/x.ts', 'export const load = () => import(`../names/index.js`)', 'another plugin'],
    ['plugins/send/x.ts', 'export const load = (id: string) => import(`../${id}/index.js`)', 'another plugin'],
    ['shell/x.ts', 'export const load = (id: string) => import(`../plugins/${id}/index.js`)', 'names no plugin'],
    ['kernel/contracts/x.ts', 'export const load = (f: string) => import(`../../${f}`)', 'kernel never imports'],
    ['kernel/x.ts', 'export const load = (f: string) => import(`react-dom/${f}`)', 'never imports React'],
    ['kernel/x.ts', 'export const load = (f: string) => import(f)', 'computed'],
    ['plugins/send/x.ts', 'export const load = (f: string) => import(`${f}/index.js`)', 'computed'],
    ['plugins/send/x.ts', "export const names = require('../names/index.js')", 'another plugin'],
    ['plugins/send/x.ts', "export const where = require.resolve('../names/index.js')", 'another plugin'],
    [
      'shell/x.ts',
      "import { createRequire } from 'node:module'\nexport const n = createRequire(import.meta.url)('../plugins/names/index.js')",
      'names no plugin',
    ],
    ['server/x.ts', "export const k = require('../kernel/index.js')", 'server'],
    ['kernel/x.ts', 'export const load = (f: string) => require(f)', 'computed'],
    ['plugins/send/x.ts', "import names = require('../names/index.js')\nexport const a = names", 'another plugin'],
    [
      'plugins/send/x.ts',
      "declare module '../names/index.js' {\n  interface A {\n    b: string\n  }\n}",
      'another plugin',
    ],
    ['plugins/send/x.ts', '/// <reference path="../names/names.d.ts" />\nexport const a = 1', 'another plugin'],
    ['kernel/x.ts', '/// <reference path="../shell/globals.d.ts" />\nexport const a = 1', 'kernel never imports'],
  ])('%s: %s is refused', async (file, code, why) => {
    const errors = await boundaryErrors(file, code)
    expect(errors.length).toBe(1)
    expect(errors[0]).toContain(why)
  })

  it.each([
    [
      'protocol/x.ts',
      "import { sha256 } from '@noble/hashes/sha2'\nimport { isCaipAddress } from './caip.js'\nexport const a = [sha256, isCaipAddress]",
    ],
    ['protocol/x.test.ts', "import { definePlugin } from '../kernel/index.js'\nexport const a = definePlugin"],
    [
      'server/x.ts',
      "import { createRequire } from 'node:module'\nexport const m = createRequire(import.meta.url).resolve('chart.js')",
    ],
    ['server/x.ts', 'export const load = (path: string) => require(path)'],
    ['server/api/x.test.ts', "import { createTestApi } from './testing/harness.js'\nexport const a = createTestApi"],
    ['plugins/siwx/x.ts', "import { createLocalSiwx } from '../../siwx.js'\nexport const a = createLocalSiwx"],
    ['plugins/send/x.ts', "import { definePlugin } from 'foyer/kernel'\nexport const a = definePlugin"],
    ['plugins/send/x.ts', 'export const load = (v: string) => import(`./views/${v}View.js`)'],
    ['kernel/x.ts', 'export const load = (f: string) => import(`./contracts/${f}.js`)'],
    ['examples/hello-plugin/x.ts', "import { definePlugin } from '../../index.js'\nexport const a = definePlugin"],
    ['examples/vanilla/x.ts', "import { createFoyer } from 'foyer'\nexport const a = createFoyer"],
    ['plugins/send/x.test.ts', "import { createFoyer } from '../../index.js'\nexport const a = createFoyer"],
  ])('%s may import what it imports', async (file, code) => {
    expect(await boundaryErrors(file, code)).toEqual([])
  })
})
