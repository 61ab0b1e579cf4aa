// A link as an SVG QR code (qrcode-generator): the WalletConnect pairing URI, the Farcaster sign-in link. Its own
// lazy chunk (import it with React.lazy): only the views that show a code load it.
import qrcode from 'qrcode-generator'
import { useMemo, type JSX } from 'react'

/** The SVG path of the dark modules of `text`'s QR code, and its size in modules (with a 2-module quiet zone). */
export function qrPath(text: string): { d: string; size: number } {
  const qr = qrcode(0, 'M')
  qr.addData(text)
  qr.make()
  const n = qr.getModuleCount()
  let d = ''
  for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) if (qr.isDark(r, c)) d += `M${c + 2},${r + 2}h1v1h-1z`
  return { d, size: n + 4 }
}

/** A QR code of `value`, `px` wide, dark on white so every scanner reads it. */
export function QrCode({
  value,
  px = 260,
  label = 'WalletConnect QR code',
}: {
  value: string
  px?: number
  label?: string
}): JSX.Element {
  const { d, size } = useMemo(() => qrPath(value), [value])
  return (
    <svg
      data-testid="qr-code"
      data-uri-length={value.length}
      role="img"
      aria-label={label}
      width={px}
      height={px}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
      style={{ borderRadius: 16, background: '#fff' }}
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={d} fill="#000" />
    </svg>
  )
}

/** Default export for React.lazy. */
export default QrCode
