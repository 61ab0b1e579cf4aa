// RegisterAccountName (SPEC §2): the visitor types a name; the rules (SPEC §5) are checked as they type, the
// availability and suggestions arrive after a pause, and Register asks the wallet to sign. Everything it shows comes
// from the `names` slice and the request status; typing and clicking only send requests.
import type { FormEvent, JSX } from 'react'
import { isPending, type Kernel } from '../../../kernel/index.js'
import { Button, Text, useSelect } from '../../../shell/ui/index.js'
import { nameRuleError } from '../names.rules.js'
import { namesOf } from '../names.state.js'

const labelOf = (name: string) => name.split('.')[0]

/** The RegisterAccountName view. */
export function RegisterAccountNameView({ kernel }: { kernel: Kernel }): JSX.Element {
  const s = useSelect(kernel, namesOf)
  const busy = useSelect(kernel, (st) => isPending(st, 'names/register'))
  const change = (input: string) => kernel.request('names/changeInput', { input }).catch(() => undefined)
  const rule = s.input ? nameRuleError(s.input) : undefined
  const check = s.check?.input === s.input ? s.check : undefined
  const taken = check?.registered === true
  const error = rule ?? s.failure ?? check?.failed ?? (taken ? `${check.name} is already registered` : undefined)
  const availability =
    !s.input || rule || check?.failed ? undefined : !check ? 'Checking…' : taken ? 'Taken' : 'Available'
  const submit = (e: FormEvent) => {
    e.preventDefault()
    kernel.request('names/register', undefined).catch(() => undefined)
  }
  return (
    <form className="fy-stack" onSubmit={submit} noValidate>
      <Text variant="muted">
        Pick a name people can use instead of your address. Your wallet signs to prove it is yours.
      </Text>
      <input
        className="fy-input"
        data-testid="name-input"
        aria-label="Name"
        placeholder="yourname"
        value={s.input}
        onChange={(e) => change(e.target.value)}
        aria-invalid={!!error}
        aria-describedby="fy-name-status"
        maxLength={100}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        disabled={busy}
      />
      <div id="fy-name-status" aria-live="polite" className="fy-stack">
        {availability ? (
          <Text
            variant="small"
            testId="name-availability"
            className={taken ? 'fy-text-error' : check ? 'fy-text-success' : undefined}
          >
            {check?.name && !taken ? `${check.name} · ${availability}` : availability}
          </Text>
        ) : null}
        {error ? (
          <Text variant="small" className="fy-text-error" testId="name-error">
            {error}
          </Text>
        ) : null}
      </div>
      {check?.suggestions.length ? (
        <div className="fy-row" role="list" aria-label="Suggestions">
          {check.suggestions.map((x) => (
            <button
              key={x.name}
              type="button"
              role="listitem"
              className="fy-chip"
              data-testid={`name-suggestion-${x.name}`}
              onClick={() => change(labelOf(x.name))}
            >
              {x.name}
            </button>
          ))}
        </div>
      ) : null}
      <Button type="submit" testId="name-register-button" loading={busy} disabled={!s.input || !!rule || taken}>
        {busy ? 'Sign in your wallet…' : 'Register name'}
      </Button>
    </form>
  )
}
