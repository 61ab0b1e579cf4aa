// Theme mode and variables live in state so every surface (modal, buttons) follows one source.
import { definePlugin } from '../plugin.js'

/** Light or dark. */
export type ThemeMode = 'light' | 'dark'

/** Theme variables a host may override (CSS custom properties without the leading dashes' prefix). */
export interface ThemeVariables {
  '--foyer-accent'?: string
  '--foyer-color-mix'?: string
  '--foyer-color-mix-strength'?: number
  '--foyer-font-family'?: string
  '--foyer-font-size-master'?: string
  '--foyer-border-radius-master'?: string
  '--foyer-z-index'?: number
  '--foyer-qr-color'?: string
}

/** The `theme` slice. */
export interface ThemeState {
  mode: ThemeMode
  variables: ThemeVariables
}

declare module '../types.js' {
  interface KernelState {
    theme: ThemeState
  }
  interface EventMap {
    'theme/modeChanged': { mode: ThemeMode }
    'theme/variablesChanged': { variables: ThemeVariables }
  }
  interface RequestMap {
    'theme/setMode': { input: { mode: ThemeMode }; output: void }
    'theme/setVariables': { input: { variables: ThemeVariables }; output: void }
  }
}

/** The kernel-owned `theme` slice; dark by default (SPEC §9). */
export function themePlugin(initial: Partial<ThemeState> = {}) {
  return definePlugin({
    id: 'theme',
    state: {
      init: (): ThemeState => ({ mode: initial.mode ?? 'dark', variables: { ...initial.variables } }),
      on: {
        'theme/modeChanged': (s, p) => {
          s.mode = p.mode
        },
        'theme/variablesChanged': (s, p) => {
          s.variables = { ...s.variables, ...p.variables }
        },
      },
    },
    handlers: {
      'theme/setMode'(input, ctx) {
        if (input.mode !== 'light' && input.mode !== 'dark')
          throw new TypeError(`themeMode must be "light" or "dark", got ${JSON.stringify(input.mode)}`)
        ctx.emit('theme/modeChanged', { mode: input.mode })
      },
      'theme/setVariables'(input, ctx) {
        ctx.emit('theme/variablesChanged', { variables: input.variables })
      },
    },
  })
}
