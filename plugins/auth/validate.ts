// The login email's check is the auth contract's (kernel/contracts/auth.ts), shared with email capture (plugins/siwx).
export { EmailWarnings, validateEmail } from '../../kernel/index.js'
