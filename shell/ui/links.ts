// The link rule of the UI kit, apart from format.ts so the buttons of the first paint do not carry it.
import { safeLinkUrl } from '../../kernel/index.js'

/** True for links we may render: http(s), or a same-page relative reference. */
export function isSafeLinkUrl(url: unknown): url is string {
  return safeLinkUrl(url) !== undefined
}
