// Prometheus metrics (prom-client) of this process, served at GET /metrics by the API and the relay: one registry
// per process, so an API and a relay running in one process report together.
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client'

/** The process's metrics. */
export interface Metrics {
  registry: Registry
  httpRequests: Counter<'service' | 'method' | 'route' | 'status'>
  httpDuration: Histogram<'service' | 'method' | 'route'>
  rateLimited: Counter<'service' | 'scope'>
  relaySockets: Gauge
  relayMailboxSize: Histogram
  relayPublished: Counter
  relayDelivered: Counter
  indexerLag: Gauge<'chain'>
  indexerLeader: Gauge
}

let metrics: Metrics | undefined

/** The process-wide metrics, created on first use. */
export function processMetrics(): Metrics {
  if (metrics) return metrics
  const registry = new Registry()
  collectDefaultMetrics({ register: registry, prefix: 'foyer_' })
  const registers = [registry]
  metrics = {
    registry,
    httpRequests: new Counter({
      name: 'foyer_http_requests_total',
      help: 'HTTP requests answered, by service, method, route pattern and status',
      labelNames: ['service', 'method', 'route', 'status'],
      registers,
    }),
    httpDuration: new Histogram({
      name: 'foyer_http_request_duration_seconds',
      help: 'HTTP request latency by service, method and route pattern',
      labelNames: ['service', 'method', 'route'],
      buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers,
    }),
    rateLimited: new Counter({
      name: 'foyer_rate_limited_total',
      help: 'Requests refused with 429 (API) or upgrades refused (relay), by scope (ip or project)',
      labelNames: ['service', 'scope'],
      registers,
    }),
    relaySockets: new Gauge({ name: 'foyer_relay_sockets', help: 'Open relay WebSocket connections', registers }),
    relayMailboxSize: new Histogram({
      name: 'foyer_relay_mailbox_size',
      help: "Messages in a topic's mailbox right after a publish",
      buckets: [1, 2, 5, 10, 25, 50, 100, 200],
      registers,
    }),
    relayPublished: new Counter({ name: 'foyer_relay_messages_stored_total', help: 'Messages stored', registers }),
    relayDelivered: new Counter({
      name: 'foyer_relay_messages_delivered_total',
      help: 'Messages handed to sockets (irn_subscription) by this process',
      registers,
    }),
    indexerLag: new Gauge({
      name: 'foyer_indexer_lag_blocks',
      help: 'Chain head minus the highest indexed block (on the leader)',
      labelNames: ['chain'],
      registers,
    }),
    indexerLeader: new Gauge({ name: 'foyer_indexer_leader', help: '1 while this process indexes', registers }),
  }
  return metrics
}
