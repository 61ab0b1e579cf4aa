// The wallet requests over WalletConnect in Chromium, through the project's relay, with a WalletKit wallet (this
// process) holding an EVM, a Solana and a Bitcoin key: an EVM transaction mined on anvil with the exact balance change,
// chain switches both ways reflected in the modal, a Solana and a Bitcoin message verified with the chains' own
// crypto (ed25519; BIP-137 over secp256k1), a Solana transfer executed on the wallet's litesvm, a PSBT signed, and
// the wallet's USER_REJECTED (5000) surfacing as 4001.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ed25519 } from '@noble/curves/ed25519'
import { secp256k1 } from '@noble/curves/secp256k1'
import { base58 } from '@scure/base'
import { OutScript, SigHash, Transaction as BtcTransaction, p2wpkh } from '@scure/btc-signer'
import { Keypair } from '@solana/web3.js'
import { address } from '@solana/kit'
import { createPublicClient, http, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { bitcoinMessageHash, createWalletConnectTestWallet, type WalletConnectTestWallet } from '../../testing.js'
import { browserFixture } from './fixture.js'
import { openDemo, request, requestOk } from './pages.js'

const KEY = '0x47c99abed3324a2707c28affff1267e45918ec8c3f20b8aa892e8b065d2942dd' as const
const ADDRESS = privateKeyToAccount(KEY).address
const PROJECT_ID = 'f0e1d2c3b4a5968778695a4b3c2d1e0f'
const stack = browserFixture({
  services: ['api', 'relay', 'chains'],
  chains: [1, 8453],
  fund: [ADDRESS],
  demo: { devWallet: false },
})
const rpc = (chainId: number) => stack.services.need('chains').chains.find((c) => c.chainId === chainId)!.rpcUrl
let wallet: WalletConnectTestWallet

beforeAll(async () => {
  wallet = await createWalletConnectTestWallet({
    relayUrl: stack.services.need('relay').url,
    projectId: PROJECT_ID,
    privateKey: KEY,
    chains: [1, 8453].map((chainId) => ({ chainId, rpcUrl: rpc(chainId) })),
    solana: true,
    bitcoin: true,
  })
})
afterAll(async () => {
  await wallet?.close()
})

describe('wallet requests over WalletConnect', () => {
  it('sends on EVM, follows chain switches in the modal, signs on Solana and Bitcoin, refuses with 4001', async () => {
    const { page, errors } = await openDemo(stack)
    await page.getByTestId('connect-button').first().click()
    await page.getByTestId('wallet-selector-walletConnect').click()
    await page.getByTestId('qr-code').waitFor()
    const uri = await page.evaluate(
      () => (window as any).foyer.kernel.getState().namespaces.walletConnect.uri as string,
    )
    await wallet.pair(uri)
    await page.getByTestId('account-button').first().waitFor()
    const state = await page.evaluate(() => (window as any).foyer.kernel.getState().account.namespaces)
    expect(state.eip155).toMatchObject({ status: 'connected', caipAddress: `eip155:1:${ADDRESS}` })
    expect(state.solana).toMatchObject({ status: 'connected', connectorId: 'walletConnect' })
    expect(state.bip122.caipAddress).toBe(`bip122:000000000019d6689c085ae165831e93:${wallet.bitcoin!.payment.address}`)

    // An EVM transaction through the session, mined on anvil; the balance moves by exactly the value.
    const to = privateKeyToAccount(generatePrivateKey()).address
    const mainnet = createPublicClient({ transport: http(rpc(1), { retryCount: 0 }) })
    const sent = await requestOk<{ hash: Hex }>(page, 'wallet/sendTransaction', { to, value: '31415926535' })
    expect((await mainnet.waitForTransactionReceipt({ hash: sent.hash })).status).toBe('success')
    expect(await mainnet.getBalance({ address: to })).toBe(31_415_926_535n)
    expect(wallet.log.find((l) => l.method === 'eth_sendTransaction')?.chainId).toBe('eip155:1')

    // Switching in the modal: the session approved Base, so the requests now name Base, and the modal shows it.
    await page.getByTestId('account-button').first().click()
    await page.getByTestId('account-network-button').click()
    await page.getByTestId('network-item-eip155:8453').click()
    await page.getByTestId('foyer-view-Account').waitFor()
    await expect.poll(() => page.getByTestId('account-network-button').textContent()).toContain('Base')
    await expect.poll(() => page.getByTestId('network-button').textContent()).toContain('Base')
    // The wallet moves back to Ethereum by itself: the open modal follows.
    await wallet.switchChain(1)
    await expect.poll(() => page.getByTestId('account-network-button').textContent()).toContain('Ethereum')
    await expect.poll(() => page.getByTestId('demo-status').textContent()).toContain('eip155:1')
    await page.keyboard.press('Escape')

    // A transaction for Base goes to Base over the session.
    const base = createPublicClient({ transport: http(rpc(8453), { retryCount: 0 }) })
    const onBase = await requestOk<{ hash: Hex; caipNetworkId: string }>(page, 'wallet/sendTransaction', {
      to,
      value: '27',
      caipNetworkId: 'eip155:8453',
    })
    expect(wallet.log.at(-1)).toMatchObject({ method: 'eth_sendTransaction', chainId: 'eip155:8453' })
    await base.waitForTransactionReceipt({ hash: onBase.hash })
    expect(await base.getBalance({ address: to })).toBe(27n)

    // Solana: solana_signMessage, verified with ed25519 against the wallet's public key.
    const solMessage = 'Sign in to the Foyer demo on Solana'
    const solSigned = await requestOk<{ signature: string; address: string }>(page, 'wallet/signMessage', {
      message: solMessage,
      namespace: 'solana',
    })
    expect(solSigned.address).toBe(wallet.solana!.address)
    expect(
      ed25519.verify(
        base58.decode(solSigned.signature),
        new TextEncoder().encode(solMessage),
        wallet.solana!.publicKey,
      ),
    ).toBe(true)

    // Bitcoin: signMessage answered in hex by the wallet, handed out in base64; BIP-137 recovers the payment key.
    const btcMessage = 'Sign in to the Foyer demo on Bitcoin'
    const btcSigned = await requestOk<{ signature: string; address: string }>(page, 'wallet/signMessage', {
      message: btcMessage,
      namespace: 'bip122',
    })
    const bytes = Buffer.from(btcSigned.signature, 'base64')
    expect(bytes).toHaveLength(65)
    const hash = bitcoinMessageHash(btcMessage)
    const sig = secp256k1.Signature.fromCompact(bytes.subarray(1)).addRecoveryBit(bytes[0] - 39)
    const pub = sig.recoverPublicKey(hash).toRawBytes(true)
    expect(p2wpkh(pub).address).toBe(wallet.bitcoin!.payment.address)
    expect(secp256k1.verify(bytes.subarray(1), hash, pub)).toBe(true)

    // A SOL transfer built by Foyer, signed and executed by the wallet (its litesvm runtime).
    const svm = await wallet.solana!.svm()
    const recipient = Keypair.generate().publicKey
    const transfer = await requestOk<{ signature: string }>(page, 'solana/sendTransfer', {
      to: recipient.toBase58(),
      lamports: '1500000',
      recentBlockhash: svm.latestBlockhash(),
    })
    expect(base58.decode(transfer.signature)).toHaveLength(64)
    expect(svm.getBalance(address(recipient.toBase58()))).toBe(1_500_000n)

    // A PSBT spending an output of the payment address: the wallet's signature verifies against the BIP-143 digest.
    const amount = 50_000n
    const psbt = new BtcTransaction()
    psbt.addInput({
      txid: '0'.repeat(63) + '1',
      index: 0,
      witnessUtxo: { script: p2wpkh(pub).script, amount },
    })
    psbt.addOutputAddress(wallet.bitcoin!.ordinals.address, amount - 1_000n)
    const signed = await requestOk<{ psbt: string }>(page, 'bitcoin/signPsbt', {
      psbt: Buffer.from(psbt.toPSBT()).toString('base64'),
      signInputs: { [wallet.bitcoin!.payment.address]: [0] },
    })
    const out = BtcTransaction.fromPSBT(Buffer.from(signed.psbt, 'base64'))
    const [[signer, der]] = out.getInput(0).partialSig!
    expect(Buffer.from(signer).toString('hex')).toBe(wallet.bitcoin!.payment.publicKey)
    const digest = out.preimageWitnessV0(
      0,
      OutScript.encode({ type: 'pkh', hash: (OutScript.decode(p2wpkh(pub).script) as { hash: Uint8Array }).hash }),
      SigHash.ALL,
      amount,
    )
    expect(secp256k1.verify(der.subarray(0, -1), digest, pub, { format: 'der' } as never)).toBe(true)

    // The visitor refuses in the wallet (USER_REJECTED, 5000): Foyer reports 4001.
    wallet.rejectNext()
    await expect(request(page, 'wallet/signMessage', { message: 'no', namespace: 'solana' })).resolves.toMatchObject({
      error: { name: 'UserRejectedError', code: 4001 },
    })
    wallet.rejectNext()
    await expect(request(page, 'wallet/sendTransaction', { to, value: '1' })).resolves.toMatchObject({
      error: { name: 'UserRejectedError', code: 4001 },
    })
    expect(errors).toEqual([])
    await page.context().close()
  })
})
