// SPEC §5 origin matching for the server (POST /e, the secure site): the kernel's matcher, so the client's origin
// check and the server's answers agree on every origin.
export { DefaultAllowedOrigins, originAllowed } from '../../protocol/origins.js'
