// Analytics and error reports on the wire (SPEC §7 POST /e): the bodies the client sends (plugins/project/analytics.ts,
// kernel/reporter.ts) and the server's receiver checks (server/api/routes/analytics.ts). Type-only.

/** One analytics event (SPEC §7); the client sends `type: 'track'` and its own event names. */
export interface AnalyticsEventBody {
  eventId: string
  url: string
  domain: string
  timestamp: number
  props: { type?: string; event: string; address?: string; properties?: Record<string, unknown> }
}

/** One error report (SPEC §7: errorType, errorMessage, stackTrace). */
export interface ErrorReportBody {
  errorType: string
  errorMessage: string
  stackTrace: string
}
