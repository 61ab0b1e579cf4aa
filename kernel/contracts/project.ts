// What the project plugin (remote config, origin check, analytics, legal consent) records, as the kernel's feature
// gate and the shell read it. Types only: the plugin owns the slice (present once it has loaded) and the requests.
import type { ErrorReport } from '../reporter.js'

/** The `project` slice. */
export interface ProjectState {
  /** Where the remote features stand: applied from the server, or the local settings kept (fetch failed, basic). */
  source?: 'remote' | 'local'
  /** Local settings a remote config overrode (SPEC §8 "local configuration ignored"), as `"features.<id>"`. */
  ignored: string[]
  /** SPEC §5 origin check: false when this page's origin is not allowed; undefined until it ran. */
  originAllowed?: boolean
  /** The visitor ticked the legal checkbox (SPEC §6 `legalCheckbox`). */
  legalAccepted: boolean
}

declare module '../types.js' {
  interface KernelState {
    project?: ProjectState
  }
  interface EventMap {
    'project/configApplied': { source: 'remote' | 'local'; ignored: string[] }
    'project/originChecked': { allowed: boolean }
    'legal/acceptanceChanged': { accepted: boolean }
  }
  interface RequestMap {
    /** SPEC §4 initialization: INITIALIZE, the remote project config and the origin check (once per page). */
    'project/init': { input: void; output: void }
    /** SPEC §7 error report (POST /e), sent by the kernel's throttled reporter. */
    'project/reportError': { input: ErrorReport; output: void }
    /** The visitor ticked or unticked the legal checkbox. */
    'legal/setAccepted': { input: { accepted: boolean }; output: void }
  }
}
