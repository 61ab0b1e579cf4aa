// The shell's public surface.
export { createFoyerWith } from './createFoyer.js'
export type { Builtins, Foyer } from './createFoyer.js'
export type { FoyerOptions, FoyerMetadata, CustomWallet } from './options.js'
export { defineFoyerElements, FoyerElementTags } from './elements.js'
export type { ViewProps } from './views/index.js'
