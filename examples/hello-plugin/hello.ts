// A third-party plugin, written the way any host app would: a slice with a reducer, a request with its handler,
// two views, and two entries in the shell (an Account action and an Account tab) — all through Foyer's public entry,
// without a line in the shell.
import { lazy } from 'react'
import { defineManifest, definePlugin, FoyerError } from '../../index.js'

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
    /** Present once the plugin has loaded. */
    hello?: HelloState
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
      return { count: ctx.getState().hello?.greetings.length ?? 0 }
    },
  },
  views: {
    Hello: { component: lazy(() => import('./HelloView.js').then((m) => ({ default: m.HelloView }))), title: 'Hello' },
    HelloGreetings: {
      component: lazy(() => import('./HelloView.js').then((m) => ({ default: m.HelloGreetingsView }))),
    },
    HelloSign: { component: lazy(() => import('./action.js').then((m) => ({ default: m.HelloSignView }))) },
  },
})

/**
 * The same plugin as a lazy manifest: the shell shows its Account action ("Say hello", `account-action-hello`) and
 * Account tab ("Greetings", `account-tab-greetings`) from here; the code loads the first time one is used.
 */
export const helloManifest = defineManifest({
  id: 'hello',
  views: { Hello: { title: 'Hello' }, HelloGreetings: {}, HelloSign: { title: 'Sign hello', needs: ['connection'] } },
  requests: ['hello/greet'],
  entries: [
    { point: 'account-action', id: 'hello', view: 'Hello', label: 'Say hello', icon: 'sparkle' },
    // built from `foyer/ui` (action.tsx): the connected wallet signs a greeting
    { point: 'account-action', id: 'hello-sign', view: 'HelloSign', label: 'Sign hello', icon: 'sparkle' },
    { point: 'account-tab', id: 'greetings', view: 'HelloGreetings', label: 'Greetings', icon: 'sparkle', order: 50 },
  ],
  load: async () => helloPlugin,
})
