// A third-party plugin, written the way any host app would: a slice with a reducer, a request with its handler,
// and a view — all through Foyer's public entry.
import { lazy } from 'react'
import { definePlugin, FoyerError, type PluginManifest } from '../../index.js'

/** The `hello` slice. */
export interface HelloState {
  greetings: Array<{ name: string; at: number }>
}

// Declaration merging teaches the kernel our event, request and slice types ('foyer/kernel' in a host app).
declare module '../../kernel/index.js' {
  interface EventMap {
    'hello/greeted': { name: string }
  }
  interface RequestMap {
    'hello/greet': { input: { name: string }; output: { count: number } }
  }
  interface KernelState {
    hello: HelloState
  }
}

/** Greetings kept in state. */
export const MaxGreetings = 20

/** The plugin: greet someone, remember the last greetings, show them in the Hello view. */
export const helloPlugin = definePlugin({
  id: 'hello',
  state: {
    init: (): HelloState => ({ greetings: [] }),
    on: {
      'hello/greeted': (s, p, e) => {
        s.greetings.push({ name: p.name, at: e.meta.at })
        if (s.greetings.length > MaxGreetings) s.greetings.shift()
      },
    },
  },
  handlers: {
    'hello/greet'({ name }, ctx) {
      const clean = typeof name === 'string' ? name.trim() : ''
      if (!clean) throw new FoyerError('A name is required', { code: 'HELLO_NAME_REQUIRED', category: 'CONFIGURATION' })
      ctx.emit('hello/greeted', { name: clean })
      return { count: ctx.getState().hello.greetings.length }
    },
  },
  views: {
    Hello: { component: lazy(() => import('./HelloView.js').then((m) => ({ default: m.HelloView }))), title: 'Hello' },
  },
})

/** The same plugin as a lazy manifest: its code loads the first time the Hello view or request is used. */
export const helloManifest: PluginManifest = {
  id: 'hello',
  views: ['Hello'],
  requests: ['hello/greet'],
  load: async () => helloPlugin,
}
