// Icons as tiny inline SVG paths (24×24, stroked): no icon font, nothing fetched.
import type { JSX } from 'react'

const paths = {
  close: 'M6 6l12 12M18 6L6 18',
  back: 'M15 5l-7 7 7 7',
  chevron: 'M9 5l7 7-7 7',
  copy: 'M9 9h10v10H9zM5 15V5h10',
  wallet: 'M3 7h15a2 2 0 012 2v8a2 2 0 01-2 2H5a2 2 0 01-2-2zM3 7l12-3v3M16 13h.01',
  help: 'M12 21a9 9 0 100-18 9 9 0 000 18zM9.5 9.5a2.5 2.5 0 115 .5c0 1.5-2.5 2-2.5 3.5M12 17h.01',
  check: 'M5 12.5l4.5 4.5L19 7.5',
  globe:
    'M12 21a9 9 0 100-18 9 9 0 000 18zM3 12h18M12 3c2.5 2.7 3.5 5.7 3.5 9s-1 6.3-3.5 9c-2.5-2.7-3.5-5.7-3.5-9s1-6.3 3.5-9z',
  logout: 'M15 4h4v16h-4M10 8l-4 4 4 4M6 12h10',
  external: 'M14 4h6v6M20 4l-9 9M18 14v6H4V6h6',
  alert: 'M12 8v5M12 16.5h.01M12 3l9.5 17h-19z',
  info: 'M12 21a9 9 0 100-18 9 9 0 000 18zM12 11v6M12 7.5h.01',
  coins: 'M9 11a6 4 0 100-.01zM3 11v4c0 2.2 2.7 4 6 4s6-1.8 6-4M15 8.5c3 .3 6 1.7 6 3.5v4c0 2-2.5 3.6-5.8 4',
  image: 'M4 5h16v14H4zM4 16l5-5 4 4 2-2 5 5M15 9h.01',
  clock: 'M12 21a9 9 0 100-18 9 9 0 000 18zM12 7v5l3 3',
  lock: 'M6 11h12v9H6zM8.5 11V8a3.5 3.5 0 017 0v3',
  search: 'M11 18a7 7 0 100-14 7 7 0 000 14zM20 20l-4-4',
  send: 'M7 17L17 7M9 7h8v8',
  receive: 'M17 7L7 17M15 17H7V9',
  swap: 'M7 4v15M7 4L3 8M7 4l4 4M17 20V5M17 20l-4-4M17 20l4-4',
  card: 'M3 6h18v12H3zM3 10h18M7 15h3',
  mail: 'M3 6h18v12H3zM3 7l9 6 9-6',
  sparkle: 'M12 3l2 6 6 2-6 2-2 6-2-6-6-2 6-2z',
  user: 'M12 12a4 4 0 100-8 4 4 0 000 8zM4 21c0-4 3.6-6 8-6s8 2 8 6',
  grid: 'M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z',
} as const

/** The names {@link Icon} knows. */
export type IconName = keyof typeof paths

/** True for a name {@link Icon} can draw (entries from manifests name their icon as a string). */
export function isIconName(name: unknown): name is IconName {
  return typeof name === 'string' && Object.prototype.hasOwnProperty.call(paths, name)
}

/** Props of {@link Icon}. */
export interface IconProps {
  name: IconName
  size?: number
  className?: string
  label?: string
}

/** A stroked inline SVG icon; decorative unless `label` is given. */
export function Icon({ name, size = 20, className, label }: IconProps): JSX.Element {
  return (
    <svg
      className={className ? `fy-icon ${className}` : 'fy-icon'}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true, focusable: false })}
    >
      <path d={paths[name]} />
    </svg>
  )
}
