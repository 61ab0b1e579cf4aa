// Every built-in plugin keeps its manifest's promise (views, requests, entries), and every plugins/*/index.ts has the
// same shape: one export, a `create<Name>Plugin` factory. A manifest that drifts fails here and, in development, at load.
import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { createTestKernel } from '../../kernel/testing/test-kernel.js'
import { defineManifest, definePlugin, manifestDrift, type PluginDefinition } from '../../kernel/index.js'
import { builtinManifests } from '../../plugins/builtins.js'

const definitionOf = async (m: (typeof builtinManifests)[number]): Promise<PluginDefinition> => {
  const mod = await m.load()
  return 'default' in mod ? mod.default : mod
}

describe('built-in manifests', () => {
  it.each(builtinManifests.map((m) => [m.id, m] as const))(
    '%s: the plugin registers exactly what its manifest promises',
    async (_id, m) => {
      expect(manifestDrift(m, await definitionOf(m))).toEqual([])
    },
  )

  it('the drift check names what a deliberately wrong manifest gets wrong', async () => {
    const namespaces = builtinManifests.find((m) => m.id === 'namespaces')!
    const views = { ...namespaces.views }
    delete views.SwitchActiveChain
    const wrong = { ...namespaces, views, requests: [...(namespaces.requests ?? []), 'wallet/teleport'] }
    expect(manifestDrift(wrong, await definitionOf(namespaces))).toEqual([
      'view "SwitchActiveChain" is registered but missing from the manifest',
      'request "wallet/teleport" is in the manifest but not registered',
    ])
  })

  it('a kernel refuses, loudly, to load a plugin whose manifest drifted', async () => {
    const plugin = definePlugin({ id: 'drifty', views: { A: { component: 'A' } } })
    using k = createTestKernel({
      plugins: [defineManifest({ id: 'drifty', views: { A: {}, B: {} }, load: async () => plugin })],
    })
    await expect(k.load('drifty')).rejects.toThrow(
      'plugin "drifty" does not match its manifest: view "B" is in the manifest',
    )
  })

  it('every plugins/*/index.ts exports one create<Name>Plugin factory and nothing else', () => {
    const dirs = readdirSync('plugins', { withFileTypes: true }).filter((d) => d.isDirectory())
    expect(dirs.length).toBeGreaterThanOrEqual(builtinManifests.length)
    for (const d of dirs) {
      const source = readFileSync(`plugins/${d.name}/index.ts`, 'utf8')
      const exports = [
        ...source.matchAll(/^export\s+(?:async\s+)?(?:function|const|let|class|interface|type|\{)\s*(\w+)?/gm),
      ]
      expect(
        exports.map((e) => e[1]),
        d.name,
      ).toEqual([expect.stringMatching(/^create[A-Z]\w*Plugin$/)])
      expect(readFileSync(`plugins/${d.name}/manifest.ts`, 'utf8'), d.name).toContain(`id: '${d.name}'`)
    }
  })
})
