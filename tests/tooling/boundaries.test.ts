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
