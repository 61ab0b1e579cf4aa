// The buttons' stylesheet, adopted into each button's own shadow root so host CSS can't reach them.

/** Button CSS (theme tokens plus the three buttons). */
export const buttonCss = /* css */ `
:host { all: initial; display: inline-block; vertical-align: middle; }
.fyb { --fy-accent: var(--foyer-accent, var(--fy-accent-base)); --fy-radius: var(--foyer-border-radius-master, 4px);
  display: inline-flex; font-family: var(--foyer-font-family, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif);
  font-size: calc(var(--foyer-font-size-master, 10px) * 1.4); line-height: 1; }
.fyb[data-theme="dark"] { --fy-accent-base: #8c9cff; --fy-on-accent: #0b0d1c; --fy-surface: #1f2124; --fy-surface-2: #2a2d31; --fy-text: #eceef0; --fy-text-2: #a2a9b0; --fy-border: rgba(255,255,255,.1); }
.fyb[data-theme="light"] { --fy-accent-base: #3650d6; --fy-on-accent: #ffffff; --fy-surface: #f2f3f5; --fy-surface-2: #e6e8eb; --fy-text: #141618; --fy-text-2: #575f66; --fy-border: rgba(0,0,0,.08); }
.fyb-btn { display: inline-flex; align-items: center; gap: 8px; height: 40px; padding: 0 16px; border: 0; margin: 0; font: inherit; font-weight: 600;
  border-radius: calc(var(--fy-radius) * 4); cursor: pointer; white-space: nowrap; transition: filter .15s, background .15s, transform .1s; }
.fyb-btn:active:not(:disabled) { transform: scale(.97); }
.fyb-btn:focus-visible { outline: 2px solid var(--fy-accent); outline-offset: 2px; }
.fyb-btn:disabled { opacity: .6; cursor: default; }
.fyb-primary { background: var(--fy-accent); color: var(--fy-on-accent); } .fyb-primary:hover:not(:disabled) { filter: brightness(1.08); }
.fyb-secondary { background: var(--fy-surface); color: var(--fy-text); box-shadow: inset 0 0 0 1px var(--fy-border); padding: 0 14px 0 6px; }
.fyb-secondary:hover:not(:disabled) { background: var(--fy-surface-2); }
.fyb-avatar { width: 28px; height: 28px; border-radius: 50%; flex: none; object-fit: cover; display: inline-block; }
.fyb-spinner { width: 16px; height: 16px; border-radius: 50%; border: 2px solid currentColor; border-right-color: transparent; animation: fyb-spin .8s linear infinite; }
@keyframes fyb-spin { to { transform: rotate(360deg); } }
@media (prefers-reduced-motion: reduce) { .fyb *, .fyb *::before, .fyb *::after { animation: none !important; transition: none !important; } }
`
