// The Hello view: a form that sends the `hello/greet` request and a list read from the `hello` slice.
import { useState, type FormEvent, type JSX } from 'react'
import { useSignals } from '@preact/signals-react/runtime'
import type { Kernel } from '../../index.js'

/** Renders the greeting form and the greetings so far. */
export function HelloView({ kernel }: { kernel: Kernel }): JSX.Element {
  useSignals()
  const greetings = kernel.state.value.hello?.greetings ?? []
  const [name, setName] = useState('')
  const [error, setError] = useState<string>()
  const submit = (e: FormEvent) => {
    e.preventDefault()
    kernel.request('hello/greet', { name }).then(
      () => {
        setName('')
        setError(undefined)
      },
      (err: Error) => setError(err.message),
    )
  }
  return (
    <form onSubmit={submit} data-testid="hello-form" style={{ display: 'grid', gap: 12, padding: '0 16px 16px' }}>
      <label htmlFor="hello-name">Who should we greet?</label>
      <input
        id="hello-name"
        className="fy-input"
        value={name}
        onChange={(e) => setName(e.target.value)}
        data-testid="hello-input"
      />
      <button type="submit" className="fy-btn fy-btn-primary fy-btn-md" data-testid="hello-submit">
        Greet
      </button>
      {error && (
        <p role="alert" data-testid="hello-error">
          {error}
        </p>
      )}
      <ul data-testid="hello-greetings">
        {greetings.map((g) => (
          <li key={g.at + g.name}>Hello, {g.name}!</li>
        ))}
      </ul>
    </form>
  )
}

/** The Greetings tab on Account: who was greeted, newest first. */
export function HelloGreetingsView({ kernel }: { kernel: Kernel }): JSX.Element {
  useSignals()
  const greetings = kernel.state.value.hello?.greetings ?? []
  if (!greetings.length) return <p data-testid="hello-greetings-empty">Nobody greeted yet.</p>
  return (
    <ul data-testid="hello-greetings-tab">
      {[...greetings].reverse().map((g) => (
        <li key={g.at + g.name}>{g.name}</li>
      ))}
    </ul>
  )
}
