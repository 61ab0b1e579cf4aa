// The `project` slice (its type lives in kernel/contracts/project.ts, where the feature gate and the shell read it).
import type { ProjectState, SliceSpec } from '../../kernel/index.js'

/** The project plugin's slice. */
export const projectSlice: SliceSpec<ProjectState> = {
  init: () => ({ ignored: [], legalAccepted: false }),
  on: {
    'project/configApplied': (s, p) => {
      s.source = p.source
      s.ignored = p.ignored
    },
    'project/originChecked': (s, p) => {
      s.originAllowed = p.allowed
    },
    'legal/acceptanceChanged': (s, p) => {
      s.legalAccepted = p.accepted
    },
  },
}
