// The kernel facts analytics listens to, in the project plugin's small core (./tracking.ts, loaded with the first
// of them or the first opening of the modal, decides which become SPEC §7 events).
import type { EventMap, KernelState } from '../../kernel/index.js'

/** The kernel facts that can become analytics events. */
export const TrackedFacts = ['wallet/connected', 'auth/loggedIn', 'wallet/disconnected', 'error/reported'] as const

type Tracked = (typeof TrackedFacts)[number]
/** One of {@link TrackedFacts} with its payload. */
export type TrackedFact = { [K in Tracked]: { type: K; payload: EventMap[K] } }[Tracked]

/** What SPEC §7's INITIALIZE reports: the set-up as initialization found it. */
export function initializeProperties(s: KernelState, sdkVersion: string | undefined): Record<string, unknown> {
  return {
    networks: s.config.networks.map((n) => n.caipNetworkId),
    adapters: s.config.namespaces,
    basic: !!s.config.basic,
    sdkVersion: sdkVersion ?? null,
  }
}
