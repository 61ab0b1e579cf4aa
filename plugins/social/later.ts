// What a social login needs once it is under way: the request handlers (popup wait, redirect return, Farcaster), the
// two Connecting views and Connect's error line. One chunk of its own, so opening Connect downloads only the buttons
// (modal-open budget).
export { socialHandlers } from './social.handlers.js'
export { ConnectingFarcasterView } from './views/ConnectingFarcasterView.js'
export { ConnectingSocialView } from './views/ConnectingSocialView.js'
export { SocialLoginError } from './views/SocialError.js'
