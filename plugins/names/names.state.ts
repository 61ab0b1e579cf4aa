// The `names` slice: what the visitor types on RegisterAccountName, the server's live answer for exactly that input
// (availability and suggestions; answers for an older input are dropped), and why a registration failed.
import type { KernelState, SliceSpec } from '../../kernel/index.js'

/** A suggested name (full, with the service's suffix) and whether someone holds it. */
export interface NameSuggestion {
  name: string
  registered: boolean
}

/** The server's answer for one input. */
export interface NameCheck {
  input: string
  /** The input as the full name the server would register (e.g. `alice.foyer.id`). */
  name?: string
  registered?: boolean
  /** Available alternatives (the wanted name itself excluded). */
  suggestions: NameSuggestion[]
  /** Why the lookup failed (SPEC §8 "Error fetching name suggestions" family). */
  failed?: string
}

/** The `names` slice. */
export interface NamesState {
  input: string
  check?: NameCheck
  /** Why the last registration of `input` failed (SPEC §8), until the visitor types again. */
  failure?: string
}

declare module '../../kernel/index.js' {
  interface KernelState {
    /** Present once the names plugin has loaded (read it through {@link namesOf}). */
    names?: NamesState
  }
  interface EventMap {
    'names/inputChanged': { input: string }
    'names/suggestionsReceived': { input: string; suggestions: NameSuggestion[] }
    'names/suggestionsFailed': { input: string; message: string }
    'names/registrationFailed': { input: string; message: string }
    'names/registered': { name: string; address: string; caipNetworkId: string }
  }
}

const Empty: NamesState = Object.freeze({ input: '' }) as NamesState

/** The `names` slice, or its empty value while the chunk is not loaded. */
export function namesOf(s: KernelState): NamesState {
  return s.names ?? Empty
}

/** The slice spec. */
export const namesSlice: SliceSpec<NamesState> = {
  init: () => ({ input: '' }),
  on: {
    'names/inputChanged': (s, p) => {
      if (p.input === s.input) return
      s.input = p.input
      delete s.failure
    },
    'names/suggestionsReceived': (s, { input, suggestions }) => {
      if (input !== s.input) return
      const [wanted, ...others] = suggestions
      s.check = { input, name: wanted?.name, registered: wanted?.registered, suggestions: others }
    },
    'names/suggestionsFailed': (s, { input, message }) => {
      if (input === s.input) s.check = { input, suggestions: [], failed: message }
    },
    'names/registrationFailed': (s, { input, message }) => {
      if (input === s.input) s.failure = message
    },
    'names/registered': () => ({ input: '' }),
  },
}
