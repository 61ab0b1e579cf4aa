// The manifests of lazy plugins: what they promise (views with their titles and footers, requests, Connect and Account
// entries) before their code loads, and a check that the code, once loaded, keeps exactly that promise.
import type { ExtensionEntry, PluginDefinition, PluginManifest, ViewMeta } from './plugin.js'

/** An entry as the shell reads it: the manifest's entry plus the plugin it comes from and its gating feature. */
export interface CatalogEntry extends ExtensionEntry {
  plugin: string
}

/** Where a manifest and its plugin's definition disagree; empty when they match. */
export function manifestDrift(manifest: PluginManifest, def: PluginDefinition): string[] {
  const out: string[] = []
  const diff = (what: string, promised: string[], registered: string[]) => {
    for (const x of promised)
      if (!registered.includes(x)) out.push(`${what} "${x}" is in the manifest but not registered`)
    for (const x of registered)
      if (!promised.includes(x)) out.push(`${what} "${x}" is registered but missing from the manifest`)
  }
  if (def.id !== manifest.id) out.push(`the manifest's id "${manifest.id}" loads plugin "${def.id}"`)
  diff('view', Object.keys(manifest.views ?? {}), Object.keys(def.views ?? {}))
  diff('request', manifest.requests ?? [], Object.keys(def.handlers ?? {}))
  for (const e of manifest.entries ?? [])
    if (!(e.view in (manifest.views ?? {})))
      out.push(`entry "${e.point}:${e.id}" opens view "${e.view}", which the manifest does not list`)
  return out
}

/** The manifests a kernel knows, by plugin id. */
export function createCatalog() {
  const manifests = new Map<string, PluginManifest>()
  const all = () => [...manifests.values()]
  return {
    add(m: PluginManifest) {
      manifests.set(m.id, m)
    },
    get: (id: string) => manifests.get(id),
    all,
    ownerOfView: (id: string) => all().find((m) => m.views && id in m.views),
    ownerOfRequest: (name: string) => all().find((m) => m.requests?.includes(name)),
    viewIds: () => all().flatMap((m) => Object.keys(m.views ?? {})),
    viewMeta: (id: string): ViewMeta | undefined => all().find((m) => m.views && id in m.views)?.views?.[id],
    entries: (): CatalogEntry[] =>
      all().flatMap((m) =>
        (m.entries ?? []).map((e) => ({
          ...e,
          plugin: m.id,
          ...((e.feature ?? m.feature) ? { feature: e.feature ?? m.feature } : {}),
        })),
      ),
  }
}

/** The catalog type. */
export type Catalog = ReturnType<typeof createCatalog>
