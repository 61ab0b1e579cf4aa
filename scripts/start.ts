// `npm start`: serves the production demo build and prints each URL on its own line, naming it.
import { serveDemo } from './serve-demo.js'

const demo = await serveDemo({ port: Number(process.env.FOYER_DEMO_PORT ?? 5173), inject: { projectId: 'f0e1d2c3b4a5968778695a4b3c2d1e0f' } })
console.log(`demo ${demo.url}`)

const stop = async () => { await demo.close(); process.exit(0) }
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
