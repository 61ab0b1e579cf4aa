// Connect: the connect methods plugins declare (email, social, wallet — SPEC §9 order, wallet first when an injected
// wallet is found), each rendered in place or as a row that opens its view, held back by the legal checkbox until it
// is ticked (SPEC §6), and the wallet guide for people new to wallets (SPEC §9, `enableWalletGuide`). With
// `features.collapseWallets` (SPEC §6) and email or social login shown, the wallets wait behind one "Continue with a
// wallet" row, as AppKit does; `enableWallets: false` (SPEC §9 `wallets`) leaves them out (shell/prefetch.ts).
import { useSignals } from '@preact/signals-react/runtime'
import { useState, type JSX } from 'react'
import { connectMethodOrder, isFeatureEnabled } from '../../../kernel/index.js'
import { useSelect } from '../../react/useSelect.js'
import { EmptyState, Icon, isIconName, ListItem } from '../../ui/index.js'
import type { ViewProps } from '../../views/index.js'
import { entryTestId, useEntries } from '../entries.js'
import { EntryRows } from '../EntryRows.js'
import { LegalCheckbox, legalPending, showsLegalCheckbox } from '../Legal.js'
import { Slot } from '../ViewRenderer.js'

// The row that stands for the wallets when they are collapsed (visible text, one place).
const ContinueWithWallet = 'Continue with a wallet'

/** The Connect view. */
export function ConnectView({ kernel }: ViewProps): JSX.Element {
  useSignals()
  const order = useSelect(kernel, (s) => connectMethodOrder(s).join(','))
  const entries = useEntries(kernel, 'connect-method')
  // An entry drawn from its rows switches to the plugin's own view once that is loaded.
  useSelect(kernel, () => entries.filter((e) => e.rows && kernel.isViewLoaded(e.view)).length)
  const methods = order.split(',')
  const methodOf = (e: (typeof entries)[number]) => e.method ?? e.id
  // Methods in SPEC order; a method a plugin adds beyond SPEC's three follows them.
  const groups = [...methods, ...new Set(entries.map(methodOf).filter((m) => !methods.includes(m)))]
    .map((m) => ({ method: m, entries: entries.filter((e) => methodOf(e) === m) }))
    .filter((g) => g.entries.length)
  const checkbox = useSelect(kernel, showsLegalCheckbox)
  const held = useSelect(kernel, legalPending)
  const collapse = useSelect(kernel, (s) => isFeatureEnabled(s, 'collapseWallets'))
  const [expanded, setExpanded] = useState(false)
  const collapsed = collapse && !expanded && groups.some((g) => g.method === 'email' || g.method === 'social')
  return (
    <div className="fy-stack">
      {checkbox ? <LegalCheckbox kernel={kernel} /> : null}
      {/* A disabled fieldset disables every control inside, the plugins' inline ones too. */}
      <fieldset className="fy-stack fy-fieldset" disabled={held} aria-disabled={held} data-testid="connect-methods">
        {groups.map((g) =>
          g.method === 'wallet' && collapsed ? (
            <ListItem
              key={g.method}
              testId="collapse-wallets-button"
              icon="wallet"
              label={ContinueWithWallet}
              onClick={() => setExpanded(true)}
            />
          ) : (
            <div className="fy-stack" key={g.method} data-testid={`connect-method-${g.method}`}>
              {g.entries.map((e) =>
                e.inline && e.rows && !kernel.isViewLoaded(e.view) ? (
                  <EntryRows key={e.id} kernel={kernel} entry={e} />
                ) : e.inline ? (
                  <Slot key={e.id} kernel={kernel} id={e.view} />
                ) : (
                  <ListItem
                    key={e.id}
                    testId={entryTestId(e)}
                    icon={isIconName(e.icon) ? e.icon : 'wallet'}
                    label={e.label}
                    onClick={() => kernel.send('router/push', { view: e.view })}
                  />
                ),
              )}
            </div>
          ),
        )}
        {!groups.length ? (
          <EmptyState
            icon="wallet"
            title="No connection options yet"
            description="This app hasn't enabled a way to connect a wallet."
            testId="connect-empty"
          />
        ) : null}
      </fieldset>
      {kernel.options.enableWalletGuide === false ? null : (
        <button
          type="button"
          className="fy-link fy-center"
          data-testid="what-is-a-wallet-button"
          onClick={() => kernel.send('router/push', { view: 'WhatIsAWallet' })}
        >
          <Icon name="help" size={16} /> What is a wallet?
        </button>
      )}
    </div>
  )
}
