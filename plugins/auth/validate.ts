// The login email's check lives in the kernel, shared with email capture (plugins/siwx).
export { EmailWarnings, validateEmail } from '../../kernel/index.js'
