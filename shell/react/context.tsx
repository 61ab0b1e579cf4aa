// The React context carrying the Foyer instance.
import { createContext, useContext, type JSX, type ReactNode } from 'react'
import type { Foyer } from '../createFoyer.js'

const FoyerContext = createContext<Foyer | null>(null)

/** True inside a shadow root Foyer already owns (custom elements), so buttons don't nest another one. */
export const InShadowContext = createContext(false)

/** Props of {@link FoyerProvider}. */
export interface FoyerProviderProps {
  foyer: Foyer
  children?: ReactNode
}

/** Makes `foyer` available to the hooks and buttons below it. */
export function FoyerProvider({ foyer, children }: FoyerProviderProps): JSX.Element {
  return <FoyerContext.Provider value={foyer}>{children}</FoyerContext.Provider>
}

/** The Foyer instance from the nearest {@link FoyerProvider}. */
export function useFoyer(): Foyer {
  const foyer = useContext(FoyerContext)
  if (!foyer) throw new Error('[foyer] useFoyer() needs a <FoyerProvider foyer={...}> above it.')
  return foyer
}
