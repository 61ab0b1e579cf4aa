// SPEC §7 analytics and error reports: POST /e on the operator's own server (`apiUrl`), with projectId, st and sv
// as query parameters (the kernel's HTTP client adds them). MODAL_CREATED is never sent; INITIALIZE, CONNECT_SUCCESS
// and SOCIAL_LOGIN_SUCCESS always are; the other events only with analytics on. `telemetry: false` sends nothing.
import { HttpError, isFeatureEnabled, type ErrorReport, type HttpClient, type KernelState } from '../../kernel/index.js'
import type { AnalyticsEventBody } from '../../protocol/wire/analytics.js'

/** SPEC §7 events. */
export type AnalyticsEvent =
  | 'MODAL_CREATED'
  | 'INITIALIZE'
  | 'CONNECT_SUCCESS'
  | 'SOCIAL_LOGIN_SUCCESS'
  | 'DISCONNECT_SUCCESS'
  | 'INTERNAL_SDK_ERROR'

/** Sent whatever the analytics setting (SPEC §7). */
export const MandatoryEvents: readonly AnalyticsEvent[] = ['INITIALIZE', 'CONNECT_SUCCESS', 'SOCIAL_LOGIN_SUCCESS']

/** The body of one analytics event (SPEC §7; the wire shape in protocol/wire/analytics.ts), as this client sends it. */
export interface AnalyticsBody extends AnalyticsEventBody {
  props: { type: 'track'; event: AnalyticsEvent; address?: string; properties: Record<string, unknown> }
}

/** What the sender needs from its plugin. */
export interface AnalyticsDeps {
  http: HttpClient
  getState(): KernelState
  now(): number
  /** False with `telemetry: false`. */
  enabled: boolean
  /** Raises SPEC §7's 403 alert (once per page: the kernel keeps the `once`). */
  forbidden(): void
  /** The page's address (tests pass their own). */
  location?: { href: string; hostname: string }
}

// crypto.randomUUID needs a secure context; getRandomValues does not, and pages on plain http exist.
function eventId(): string {
  const b = crypto.getRandomValues(new Uint8Array(16))
  b[6] = (b[6] & 0x0f) | 0x40
  b[8] = (b[8] & 0x3f) | 0x80
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('')
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`
}

/** The analytics sender of one kernel. */
export function createAnalytics(deps: AnalyticsDeps) {
  const post = async (body: unknown) => {
    try {
      await deps.http.post({ path: 'e', body })
    } catch (error) {
      // Anything else (offline, 5xx) is not worth a visitor's attention; a 403 means the origin is not allowed.
      if (error instanceof HttpError && error.status === 403) deps.forbidden()
    }
  }
  return {
    /** True when `event` would be sent now. */
    sends(event: AnalyticsEvent, s: KernelState = deps.getState()): boolean {
      if (!deps.enabled || event === 'MODAL_CREATED') return false
      return MandatoryEvents.includes(event) || isFeatureEnabled(s, 'analytics')
    },
    /** Sends one event (SPEC §7 body) when {@link sends} allows it, judged on `s` (the state when it happened). */
    async track(
      event: AnalyticsEvent,
      data: { address?: string; properties?: Record<string, unknown> } = {},
      s: KernelState = deps.getState(),
    ) {
      if (!this.sends(event, s)) return
      const where = deps.location ?? globalThis.location
      const body: AnalyticsBody = {
        eventId: eventId(),
        url: where?.href ?? '',
        domain: where?.hostname ?? '',
        timestamp: deps.now(),
        props: {
          type: 'track',
          event,
          ...(data.address ? { address: data.address } : {}),
          properties: { caipNetworkId: s.account.activeCaipNetworkId ?? null, ...data.properties },
        },
      }
      await post(body)
    },
    /** Sends one error report (SPEC §7: errorType, errorMessage, stackTrace). */
    async reportError(report: ErrorReport) {
      if (deps.enabled) await post(report)
    },
  }
}

/** An analytics sender. */
export type Analytics = ReturnType<typeof createAnalytics>
