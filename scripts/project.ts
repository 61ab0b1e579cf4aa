// `npm run project -- <command>`: create and configure projects on a running Foyer server (see server/projects/cli.ts).
import { runProjectCli } from '../server/projects/cli.js'

const token = process.env.FOYER_OPERATOR_TOKEN ?? ''
if (!token) console.error('FOYER_OPERATOR_TOKEN is not set: the admin API will refuse the call')
process.exitCode = await runProjectCli(process.argv.slice(2), {
  apiUrl: process.env.FOYER_API_URL ?? 'http://127.0.0.1:8787',
  token,
  fetch,
  print: (line) => console.log(line),
})
