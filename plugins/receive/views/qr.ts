// An address as the dark modules of its QR code (qrcode-generator, the library the WalletConnect views use).
import qrcode from 'qrcode-generator'

/** The SVG path of `text`'s QR code and its size in modules (with a 2-module quiet zone). */
export function qrPath(text: string): { d: string; size: number } {
  const qr = qrcode(0, 'M')
  qr.addData(text)
  qr.make()
  const n = qr.getModuleCount()
  let d = ''
  for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) if (qr.isDark(r, c)) d += `M${c + 2},${r + 2}h1v1h-1z`
  return { d, size: n + 4 }
}
