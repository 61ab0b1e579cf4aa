// Issue 36: the passkey Connect method is off by default. It shows only when the feature is on (the operator's remote
// config decides: a host's local setting is overridden by the server's list), with an allowed origin, not in basic
// mode; and the login request itself refuses to start while the feature is off.
import { afterEach, describe, expect, it } from 'vitest'
import {
  corePlugins,
  createFakeClock,
  createKernel,
  createStorage,
  definePlugin,
  memoryBackend,
  type CatalogEntry,
  type Kernel,
  type KernelState,
} from '../../kernel/index.js'
import { isEntryShown } from '../../shell/prefetch.js'
import { applyRemoteFeatures } from '../project/remote.js'
import { projectConfig } from '../project/testing.js'
import { authHandlers } from './auth.handlers.js'
import { authSlice } from './auth.state.js'
import type { FrameTransport } from './frame.js'
import { authManifest } from './manifest.js'

const entry = { ...authManifest.entries!.find((e) => e.id === 'passkey')!, plugin: 'auth' } as CatalogEntry
const state = (features: Record<string, unknown>, more: Record<string, unknown> = {}) =>
  ({ config: { features, ...more }, account: { namespaces: {} }, ...more }) as unknown as KernelState

const kernels: Kernel[] = []
afterEach(() => {
  for (const k of kernels.splice(0)) k.dispose()
})

describe('the passkey Connect method', () => {
  it('is absent with the default settings and beside email once the feature is on', () => {
    expect(entry).toMatchObject({ point: 'connect-method', method: 'email', feature: 'passkeys' })
    expect(isEntryShown(state({}), entry)).toBe(false)
    expect(isEntryShown(state({ passkeys: true }), entry)).toBe(true)
    // like email: not on a page whose origin is not allowed, not in basic mode, not with payments on
    expect(isEntryShown(state({ passkeys: true }, { project: { originAllowed: false } }), entry)).toBe(false)
    expect(isEntryShown(state({ passkeys: true }, { basic: true }), entry)).toBe(false)
    expect(isEntryShown(state({ passkeys: true, payments: true }), entry)).toBe(false)
  })

  it("follows the operator's remote config: off by default even when the host page asks for it", () => {
    const byDefault = applyRemoteFeatures({ passkeys: true }, projectConfig().features)
    expect(byDefault.features.passkeys).toBe(false)
    expect(byDefault.ignored).toContain('"features.passkeys"')
    expect(applyRemoteFeatures({}, projectConfig({ passkeys: true }).features).features.passkeys).toBe(true)
  })

  it('refuses to start a passkey login while the feature is off, before the frame is asked', async () => {
    const asked: string[] = []
    const frame = {
      request: async (kind: string) => {
        asked.push(kind)
        throw new Error('not expected')
      },
    } as unknown as FrameTransport
    const k = createKernel({
      clock: createFakeClock(),
      storage: createStorage(memoryBackend()),
      plugins: [
        ...corePlugins({
          config: { projectId: 'p', networks: [], namespaces: ['eip155'], mobile: false, features: {} },
        }),
        definePlugin({
          id: 'auth',
          state: authSlice,
          handlers: authHandlers(
            () => frame,
            () => ({}),
          ),
        }),
      ],
    })
    kernels.push(k)
    await expect(k.request('auth/connectPasskey')).rejects.toMatchObject({ code: 'PASSKEY_NOT_ALLOWED' })
    expect(asked).toEqual([])
  })
})
