// A server component: rendered on the server for every request, so the Connect button is in the HTML before any
// script runs; the client hydrates it and brings a returning visitor's session back.
import { connection } from 'next/server'
import { ConnectButton, NetworkButton } from './foyer'
import { Status } from './status'

/** The home page. */
export default async function Home() {
  // Rendered per request (not prerendered at build time): the layout reads the server's environment.
  await connection()
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', padding: 32 }}>
      <h1>Foyer on Next.js</h1>
      <p>
        <ConnectButton /> <NetworkButton />
      </p>
      <Status />
    </main>
  )
}
