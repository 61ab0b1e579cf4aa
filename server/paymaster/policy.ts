// The operator's gas-sponsorship policy per project (ServerConfig.projects[id].sponsorship): off unless enabled; the
// chains it covers; the budget per sender address per UTC day, in wei of gas cost. The paymaster signs nothing else.
import { fail, isRecord } from '../config/checks.js'
import type { ServerConfig } from '../config.js'
import { resolveAllowedOrigins } from '../api/features.js'
import { getProject } from '../projects/store.js'
import type { SqlRunner } from '../store/store.js'

/** A project's sponsorship settings, as the operator writes them (FOYER_CONFIG `projects.<id>.sponsorship`). */
export interface SponsorshipSettings {
  /** Sponsor this project's operations at all (default false). */
  enabled?: boolean
  /** CAIP-2 ids of the chains sponsored; absent = every chain the paymaster runs on. */
  chains?: string[]
  /** Most gas cost one address may have sponsored per UTC day, in wei (decimal string); default 0.01 ETH. */
  dailyBudgetWei?: string
}

/** Default budget per address per UTC day: 0.01 ETH of gas (a few dozen transfers on an L2, a handful on mainnet). */
export const DEFAULT_DAILY_BUDGET_WEI = 10n ** 16n

/** The policy that applies to one project. */
export interface SponsorshipPolicy {
  enabled: boolean
  /** CAIP-2 ids, or undefined for every chain the paymaster runs on. */
  chains?: string[]
  dailyBudgetWei: bigint
  /** Shown to visitors: "Gas paid by <name>". */
  name: string
  /** The project's allowed origins: the embedded wallet sponsors only on these pages. */
  allowedOrigins: string[]
}

/** Checks `projects.<id>.sponsorship`. */
export function checkSponsorship(v: unknown, where: string, field: string): void {
  if (!isRecord(v)) fail(where, field, 'an object { enabled, chains?, dailyBudgetWei? }', v)
  if (v.enabled !== undefined && typeof v.enabled !== 'boolean')
    fail(where, `${field}.enabled`, 'true or false', v.enabled)
  if (
    v.chains !== undefined &&
    (!Array.isArray(v.chains) || v.chains.some((c) => typeof c !== 'string' || !/^eip155:\d+$/.test(c)))
  )
    fail(where, `${field}.chains`, 'a list of CAIP-2 EVM chain ids (eip155:<id>)', v.chains)
  if (v.dailyBudgetWei !== undefined && (typeof v.dailyBudgetWei !== 'string' || !/^\d{1,40}$/.test(v.dailyBudgetWei)))
    fail(where, `${field}.dailyBudgetWei`, 'a decimal string of wei', v.dailyBudgetWei)
  for (const key of Object.keys(v))
    if (!['enabled', 'chains', 'dailyBudgetWei'].includes(key)) fail(where, `${field}.${key}`, 'not set (unknown)', key)
}

/**
 * The policy of `projectId` (lower case): the config file's project, named by its stored name when the operator
 * created it, else by its configured name. A project the server does not know is not sponsored.
 */
export async function policyOf(config: ServerConfig, db: SqlRunner, projectId: string): Promise<SponsorshipPolicy> {
  const key = Object.keys(config.projects).find((k) => k.toLowerCase() === projectId)
  const project = key === undefined ? undefined : config.projects[key]
  const s = project?.sponsorship
  const stored = s?.enabled ? await getProject(db, projectId) : undefined
  return {
    enabled: s?.enabled === true,
    ...(s?.chains ? { chains: [...s.chains] } : {}),
    dailyBudgetWei: s?.dailyBudgetWei !== undefined ? BigInt(s.dailyBudgetWei) : DEFAULT_DAILY_BUDGET_WEI,
    name: stored?.name || project?.name || 'this app',
    allowedOrigins: resolveAllowedOrigins(config, projectId, stored),
  }
}
