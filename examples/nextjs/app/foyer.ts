'use client'
// Foyer's buttons use React state, so a server component imports them through this client module.
export { ConnectButton, NetworkButton, AccountButton } from 'foyer'
