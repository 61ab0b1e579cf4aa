'use client'
// What the app sees of the connection, through Foyer's hooks.
import { useEffect, useState } from 'react'
import { useFoyerAccount } from 'foyer'

/** The account's address once connected; `data-hydrated` marks the page interactive (the browser test waits for it). */
export function Status() {
  const { isConnected, address } = useFoyerAccount()
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  return (
    <p data-testid="example-status" {...(hydrated ? { 'data-hydrated': '' } : {})}>
      {isConnected ? `Connected: ${address}` : 'Not connected'}
    </p>
  )
}
