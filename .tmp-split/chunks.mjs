import { rollup } from 'rollup'
import configFactory from '/work/wt/split/rollup.config.mjs'
const [config] = configFactory({ configTarget: 'demo' })
const bundle = await rollup(config)
const { output } = await bundle.generate(config.output)
const want = process.argv.slice(2)
for (const c of output) {
  if (c.type !== 'chunk') continue
  if (!want.some((w) => c.fileName.startsWith(w))) continue
  console.log(`== ${c.fileName} ${c.code.length} imports=${c.imports.join(',')} dyn=${c.dynamicImports.join(',')}`)
  const mods = Object.entries(c.modules).map(([id, m]) => [m.renderedLength, id.replace(/.*\/split\//, '')]).sort((a, b) => b[0] - a[0])
  for (const [n, id] of mods) if (n > 0) console.log(String(n).padStart(7), id)
}
