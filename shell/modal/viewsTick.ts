// Views loaded through kernel.ensureView don't always change state (a plugin may have no slice), so the modal
// keeps its own tick to re-render the header, footer and view host once a view arrives.
import { signal } from '@preact/signals-core'

/** Bumped after any lazily loaded view becomes available. */
export const viewsTick = signal(0)
