// Text cut to a length. Its own module: only views use it, so it loads with them, not with the buttons' format.ts.

/** Cuts text to `max` characters with an ellipsis (SPEC §5: an email shows at most 30). */
export function truncateText(text: string | undefined, max = 30): string {
  if (!text) return ''
  return text.length > max ? `${text.slice(0, max)}…` : text
}
