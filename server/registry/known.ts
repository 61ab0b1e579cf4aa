// Hand-written entries for well-known wallets. Names are real; rdns, links and store URLs are plausible, not verified
// against each vendor, and ids are Foyer's own (see walletId), not another registry's.
import { BITCOIN_CHAINS, EVM_CHAINS, SOLANA_CHAINS } from './chains.js'
import type { InjectedEntry } from './types.js'

/** A hand-written wallet before its id and order are derived. */
export interface KnownWallet {
  slug: string
  name: string
  rdns?: string
  homepage: string
  /** Which namespaces it supports. */
  ns: Array<'evm' | 'sol' | 'btc'>
  mobile?: string
  desktop?: string
  webapp?: string
  ios?: string
  android?: string
  injected?: InjectedEntry[]
}

const evm = (injectedId: string): InjectedEntry => ({ namespace: 'eip155', injectedId })
const sol = (injectedId: string): InjectedEntry => ({ namespace: 'solana', injectedId })
const btc = (injectedId: string): InjectedEntry => ({ namespace: 'bip122', injectedId })
const ios = (name: string, id: number): string => `https://apps.apple.com/app/${name}/id${id}`
const play = (pkg: string): string => `https://play.google.com/store/apps/details?id=${pkg}`

/** Well-known wallets, in display order. */
export const KNOWN_WALLETS: readonly KnownWallet[] = [
  { slug: 'metamask', name: 'MetaMask', rdns: 'io.metamask', homepage: 'https://metamask.io', ns: ['evm', 'sol'], mobile: 'metamask://', ios: ios('metamask', 1438144202), android: play('io.metamask'), injected: [evm('isMetaMask')] },
  { slug: 'trust-wallet', name: 'Trust Wallet', rdns: 'com.trustwallet.app', homepage: 'https://trustwallet.com', ns: ['evm', 'sol', 'btc'], mobile: 'trust://', ios: ios('trust-crypto-bitcoin-wallet', 1288339409), android: play('com.wallet.crypto.trustapp'), injected: [evm('isTrust'), sol('window.trustwallet.solana')] },
  { slug: 'coinbase-wallet', name: 'Coinbase Wallet', rdns: 'com.coinbase.wallet', homepage: 'https://www.coinbase.com/wallet', ns: ['evm', 'sol'], mobile: 'cbwallet://', ios: ios('coinbase-wallet', 1278383455), android: play('org.toshi'), injected: [evm('isCoinbaseWallet')] },
  { slug: 'rainbow', name: 'Rainbow', rdns: 'me.rainbow', homepage: 'https://rainbow.me', ns: ['evm'], mobile: 'rainbow://', ios: ios('rainbow-ethereum-wallet', 1457119021), android: play('me.rainbow'), injected: [evm('isRainbow')] },
  { slug: 'phantom', name: 'Phantom', rdns: 'app.phantom', homepage: 'https://phantom.app', ns: ['sol', 'evm', 'btc'], mobile: 'phantom://', ios: ios('phantom-crypto-wallet', 1598432977), android: play('app.phantom'), injected: [sol('window.phantom.solana'), evm('isPhantom'), btc('window.phantom.bitcoin')] },
  { slug: 'rabby', name: 'Rabby Wallet', rdns: 'io.rabby', homepage: 'https://rabby.io', ns: ['evm'], mobile: 'rabby://', ios: ios('rabby-wallet-crypto-evm', 6474381673), android: play('com.debank.rabbymobile'), injected: [evm('isRabby')] },
  { slug: 'okx-wallet', name: 'OKX Wallet', rdns: 'com.okex.wallet', homepage: 'https://www.okx.com/web3', ns: ['evm', 'sol', 'btc'], mobile: 'okex://main', ios: ios('okx-buy-bitcoin-eth-crypto', 1327268470), android: play('com.okinc.okex.gp'), injected: [evm('isOkxWallet'), sol('window.okxwallet.solana'), btc('window.okxwallet.bitcoin')] },
  { slug: 'zerion', name: 'Zerion', rdns: 'io.zerion.wallet', homepage: 'https://zerion.io', ns: ['evm', 'sol'], mobile: 'zerion://', ios: ios('zerion-crypto-wallet-defi', 1456732565), android: play('io.zerion.android'), injected: [evm('isZerion')] },
  { slug: 'ledger-live', name: 'Ledger Live', rdns: 'com.ledger', homepage: 'https://www.ledger.com/ledger-live', ns: ['evm', 'sol', 'btc'], mobile: 'ledgerlive://', desktop: 'ledgerlive://', ios: ios('ledger-live-web3-wallet', 1361671700), android: play('com.ledger.live') },
  { slug: 'uniswap-wallet', name: 'Uniswap Wallet', rdns: 'org.uniswap.app', homepage: 'https://wallet.uniswap.org', ns: ['evm'], mobile: 'uniswap://', ios: ios('uniswap-crypto-nft-wallet', 6443944476), android: play('com.uniswap.mobile'), injected: [evm('isUniswapWallet')] },
  { slug: 'xverse', name: 'Xverse', rdns: 'com.xverse', homepage: 'https://www.xverse.app', ns: ['btc', 'evm'], mobile: 'xverse://', ios: ios('xverse-bitcoin-crypto-wallet', 1552272513), android: play('com.secretkeylabs.xverse'), injected: [btc('XverseProviders.BitcoinProvider')] },
  { slug: 'leather', name: 'Leather', rdns: 'io.leather', homepage: 'https://leather.io', ns: ['btc'], injected: [btc('LeatherProvider')] },
  { slug: 'solflare', name: 'Solflare', rdns: 'com.solflare', homepage: 'https://solflare.com', ns: ['sol'], mobile: 'solflare://', ios: ios('solflare-solana-wallet', 1580902717), android: play('com.solflare.mobile'), injected: [sol('window.solflare')] },
  { slug: 'backpack', name: 'Backpack', rdns: 'app.backpack', homepage: 'https://backpack.app', ns: ['sol', 'evm'], mobile: 'backpack://', ios: ios('backpack-buy-trade-crypto', 6445964121), android: play('app.backpack.mobile'), injected: [sol('window.backpack'), evm('isBackpack')] },
  { slug: 'exodus', name: 'Exodus', rdns: 'com.exodus.web3', homepage: 'https://www.exodus.com', ns: ['evm', 'sol', 'btc'], mobile: 'exodus://', desktop: 'exodus://', ios: ios('exodus-crypto-bitcoin-wallet', 1414384820), android: play('exodusmovement.exodus'), injected: [evm('isExodus'), sol('window.exodus.solana')] },
  { slug: 'safe', name: 'Safe{Wallet}', rdns: 'global.safe', homepage: 'https://safe.global', ns: ['evm'], webapp: 'https://app.safe.global', ios: ios('safe-wallet', 1515759131), android: play('io.gnosis.safe') },
  { slug: 'argent', name: 'Argent', rdns: 'xyz.argent', homepage: 'https://www.argent.xyz', ns: ['evm'], mobile: 'argent://app/', ios: ios('argent', 1358741926), android: play('im.argent.contractwalletclient') },
  { slug: 'imtoken', name: 'imToken', rdns: 'im.token', homepage: 'https://token.im', ns: ['evm', 'btc'], mobile: 'imtokenv2://', ios: ios('imtoken2', 1384798940), android: play('im.token.app'), injected: [evm('isImToken')] },
  { slug: 'tokenpocket', name: 'TokenPocket', rdns: 'pro.tokenpocket', homepage: 'https://www.tokenpocket.pro', ns: ['evm', 'sol', 'btc'], mobile: 'tpoutside://', ios: ios('tp-global-wallet', 6444625622), android: play('vip.mytokenpocket'), injected: [evm('isTokenPocket')] },
  { slug: 'bitget-wallet', name: 'Bitget Wallet', rdns: 'com.bitget.web3', homepage: 'https://web3.bitget.com', ns: ['evm', 'sol', 'btc'], mobile: 'bitkeep://', ios: ios('bitget-wallet-crypto-bitcoin', 1395301115), android: play('com.bitkeep.wallet'), injected: [evm('isBitKeep')] },
  { slug: 'binance-wallet', name: 'Binance Wallet', rdns: 'com.binance.wallet', homepage: 'https://www.binance.com/en/web3wallet', ns: ['evm', 'sol', 'btc'], mobile: 'bnc://app.binance.com/cedefi/', ios: ios('binance-buy-bitcoin-crypto', 1436799971), android: play('com.binance.dev'), injected: [evm('isBinance')] },
  { slug: 'safepal', name: 'SafePal', rdns: 'io.safepal', homepage: 'https://www.safepal.com', ns: ['evm', 'sol', 'btc'], mobile: 'safepalwallet://', ios: ios('safepal-wallet', 1548297139), android: play('io.safepal.wallet'), injected: [evm('isSafePal')] },
  { slug: 'frame', name: 'Frame', rdns: 'sh.frame', homepage: 'https://frame.sh', ns: ['evm'], desktop: 'frame://', injected: [evm('isFrame')] },
  { slug: 'brave-wallet', name: 'Brave Wallet', rdns: 'com.brave.wallet', homepage: 'https://brave.com/wallet', ns: ['evm', 'sol'], injected: [evm('isBraveWallet'), sol('window.braveSolana')] },
  { slug: '1inch-wallet', name: '1inch Wallet', rdns: 'io.1inch.wallet', homepage: 'https://1inch.io/wallet', ns: ['evm', 'sol'], mobile: 'oneinch://', ios: ios('1inch-crypto-defi-wallet', 1546049391), android: play('io.oneinch.android') },
  { slug: 'crypto-com-onchain', name: 'Crypto.com Onchain', rdns: 'com.crypto.wallet', homepage: 'https://crypto.com/onchain', ns: ['evm', 'sol', 'btc'], mobile: 'dfw://', ios: ios('crypto-com-defi-wallet', 1512048310), android: play('com.defi.wallet') },
  { slug: 'magic-eden', name: 'Magic Eden', rdns: 'io.magiceden.wallet', homepage: 'https://wallet.magiceden.io', ns: ['sol', 'evm', 'btc'], mobile: 'magiceden://', ios: ios('magic-eden-wallet', 6478631482), android: play('io.magiceden.wallet'), injected: [sol('window.magicEden.solana'), btc('window.magicEden.bitcoin')] },
  { slug: 'unisat', name: 'UniSat Wallet', rdns: 'io.unisat', homepage: 'https://unisat.io', ns: ['btc'], injected: [btc('window.unisat')] },
  { slug: 'kraken-wallet', name: 'Kraken Wallet', rdns: 'com.kraken.wallet', homepage: 'https://www.kraken.com/wallet', ns: ['evm', 'sol', 'btc'], mobile: 'krakenwallet://', ios: ios('kraken-wallet', 1626327149), android: play('com.kraken.superwallet') },
  { slug: 'robinhood-wallet', name: 'Robinhood Wallet', rdns: 'com.robinhood.wallet', homepage: 'https://robinhood.com/web3-wallet', ns: ['evm', 'sol', 'btc'], mobile: 'robinhood-wallet://', ios: ios('robinhood-wallet', 1634080436), android: play('com.robinhood.gateway') },
  { slug: 'enkrypt', name: 'Enkrypt', rdns: 'com.enkrypt', homepage: 'https://www.enkrypt.com', ns: ['evm', 'sol', 'btc'], injected: [evm('isEnkrypt')] },
  { slug: 'taho', name: 'Taho', rdns: 'xyz.taho', homepage: 'https://taho.xyz', ns: ['evm'], injected: [evm('isTally')] },
  { slug: 'zengo', name: 'Zengo', rdns: 'com.zengo.wallet', homepage: 'https://zengo.com', ns: ['evm', 'btc'], mobile: 'zengo://', ios: ios('zengo-crypto-bitcoin-wallet', 1440147115), android: play('com.zengo.wallet') },
  { slug: 'coin98', name: 'Coin98 Super Wallet', rdns: 'coin98.com', homepage: 'https://coin98.com', ns: ['evm', 'sol'], mobile: 'coin98://', ios: ios('coin98-super-app', 1561969966), android: play('coin98.crypto.finance.media'), injected: [evm('isCoin98')] },
  { slug: 'keplr', name: 'Keplr', rdns: 'app.keplr', homepage: 'https://www.keplr.app', ns: ['evm'], mobile: 'keplrwallet://', ios: ios('keplr-wallet', 1567851089), android: play('com.chainapsis.keplr') },
  { slug: 'glow', name: 'Glow', rdns: 'app.glow', homepage: 'https://glow.app', ns: ['sol'], mobile: 'glow://', injected: [sol('window.glowSolana')] },
  { slug: 'family', name: 'Family', rdns: 'co.family.wallet', homepage: 'https://family.co', ns: ['evm'], mobile: 'familywallet://', ios: ios('family-ethereum-wallet', 1606030860) },
  { slug: 'keystone', name: 'Keystone', rdns: 'com.keyst', homepage: 'https://keyst.one', ns: ['evm', 'sol', 'btc'], injected: [evm('isKeystone')] },
  { slug: 'onekey', name: 'OneKey', rdns: 'so.onekey.app.wallet', homepage: 'https://onekey.so', ns: ['evm', 'sol', 'btc'], mobile: 'onekey-wallet://', desktop: 'onekey-wallet://', injected: [evm('isOneKey')] },
  { slug: 'zapper', name: 'Zapper', rdns: 'fi.zapper', homepage: 'https://zapper.xyz', ns: ['evm'], webapp: 'https://zapper.xyz' },
]

/** CAIP-2 chains for a namespace list. */
export function chainsFor(ns: KnownWallet['ns']): string[] {
  const out: string[] = []
  if (ns.includes('evm')) out.push(...EVM_CHAINS)
  if (ns.includes('sol')) out.push(...SOLANA_CHAINS)
  if (ns.includes('btc')) out.push(...BITCOIN_CHAINS)
  return out
}
