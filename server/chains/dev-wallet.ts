// The demo's dev wallet: anvil's first default account. Its key is public knowledge: never use it anywhere real.

/** Address of the dev wallet, funded on local chains unless FOYER_FUND says otherwise. */
export const DEV_WALLET_ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' as const

/** Private key of the dev wallet (anvil's first default account). */
export const DEV_WALLET_PRIVATE_KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80' as const
