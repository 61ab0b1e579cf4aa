// The shell's public surface.
export { createFoyer } from './createFoyer.js'
export type { Foyer } from './createFoyer.js'
export type { FoyerOptions, FoyerMetadata, CustomWallet } from './options.js'
export { defineFoyerElements, FoyerElementTags } from './elements.js'
export type { ViewProps } from './views/index.js'
