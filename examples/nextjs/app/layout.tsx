// The root layout (a server component): the page's shell, with Foyer's provider around every page.
import type { ReactNode } from 'react'
import { Providers } from './providers'
import { foyerConfig } from './config'

export const metadata = {
  title: 'Foyer on Next.js',
  description: 'A server-rendered page with Foyer’s Connect button.',
}

/** Every page renders inside Foyer's provider, configured from the server's environment at request time. */
export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <Providers config={foyerConfig()}>{children}</Providers>
      </body>
    </html>
  )
}
