// An avatar: a safe image when one is given, else a gradient derived from a seed (an address), so no lookup is needed.
import { useEffect, useState, type JSX } from 'react'
import { avatarGradient, isSafeImageUrl } from './format.js'

/** Props of {@link Avatar}. */
export interface AvatarProps {
  src?: string
  seed?: string
  alt?: string
  size?: number
  shape?: 'circle' | 'rounded'
}

/** SPEC §9: how long an image may take to load before the avatar gives up on it and shows its gradient. */
export const ImagePreloadTimeoutMs = 2000

/** An image avatar that falls back to a seeded gradient (also when the image fails or takes over 2 s to load). */
export function Avatar({ src, seed = '', alt = '', size = 40, shape = 'circle' }: AvatarProps): JSX.Element {
  const [broken, setBroken] = useState(false)
  const [loaded, setLoaded] = useState(false)
  const safe = isSafeImageUrl(src)
  useEffect(() => {
    setBroken(false)
    setLoaded(false)
  }, [src])
  useEffect(() => {
    if (!safe || loaded || broken) return
    // A slow icon server must not leave an empty box: the gradient stands in after the time-out.
    const timer = setTimeout(() => setBroken(true), ImagePreloadTimeoutMs)
    return () => clearTimeout(timer)
  }, [safe, src, loaded, broken])
  const cls = `fy-avatar fy-avatar-${shape}`
  if (safe && !broken) {
    return (
      <img
        className={cls}
        src={src}
        alt={alt}
        width={size}
        height={size}
        referrerPolicy="no-referrer"
        onError={() => setBroken(true)}
        onLoad={() => setLoaded(true)}
      />
    )
  }
  return (
    <span
      className={cls}
      role={alt ? 'img' : undefined}
      aria-label={alt || undefined}
      aria-hidden={alt ? undefined : true}
      style={{ width: size, height: size, background: avatarGradient(seed) }}
    />
  )
}
