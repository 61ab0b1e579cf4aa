// What a social login needs once it is under way: the request handlers (popup wait, redirect return, Farcaster) and
// the two Connecting views. One chunk of its own, so opening Connect downloads only the buttons (modal-open budget).
// A login that fails back on Connect shows its error as a snackbar, so Connect needs no error line.
export { socialHandlers } from './social.handlers.js'
export { ConnectingFarcasterView } from './views/ConnectingFarcasterView.js'
export { ConnectingSocialView } from './views/ConnectingSocialView.js'
