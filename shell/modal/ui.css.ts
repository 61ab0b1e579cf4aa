// Styles of the UI kit (shell/ui) as rendered inside the modal's shadow root.

/** UI-kit CSS: text, buttons, list rows, tabs, avatars, spinner, empty states, helpers. */
export const uiCss = /* css */ `
.fy-text { margin: 0; } .fy-text-title { font-size: calc(var(--fy-fs) * 1.8); font-weight: 600; }
.fy-text-small { font-size: calc(var(--fy-fs) * 1.2); color: var(--fy-text-2); } .fy-text-muted { color: var(--fy-text-2); }
.fy-text-mono { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; } .fy-strong { font-weight: 600; }
.fy-stack { display: flex; flex-direction: column; gap: 8px; }
.fy-center { align-self: center; text-align: center; }
.fy-root button { font: inherit; color: inherit; }
.fy-root :focus-visible { outline: 2px solid var(--fy-accent); outline-offset: 2px; }
.fy-icon { display: block; flex: none; }
.fy-icon-btn { display: inline-flex; align-items: center; justify-content: center; width: 36px; height: 36px; padding: 0; border: 0;
  border-radius: calc(var(--fy-radius) * 3); background: transparent; color: var(--fy-text-2); cursor: pointer; transition: background .15s, color .15s; }
.fy-icon-btn:hover { background: var(--fy-surface); color: var(--fy-text); }
.fy-btn { display: inline-flex; align-items: center; justify-content: center; gap: 8px; border: 0; cursor: pointer; font-weight: 600;
  border-radius: calc(var(--fy-radius) * 4); transition: filter .15s, background .15s, transform .1s; }
.fy-btn:active:not(:disabled) { transform: scale(.98); } .fy-btn:disabled { opacity: .55; cursor: default; }
.fy-btn-sm { height: 32px; padding: 0 12px; font-size: calc(var(--fy-fs) * 1.3); } .fy-btn-md { height: 44px; padding: 0 18px; } .fy-btn-lg { height: 52px; padding: 0 22px; }
.fy-root .fy-btn-primary { background: var(--fy-accent); color: var(--fy-on-accent); } .fy-btn-primary:hover:not(:disabled) { filter: brightness(1.08); }
.fy-root .fy-btn-secondary { background: var(--fy-surface); color: var(--fy-text); } .fy-btn-secondary:hover:not(:disabled) { background: var(--fy-surface-2); }
.fy-root .fy-btn-ghost { background: transparent; color: var(--fy-accent); } .fy-btn-ghost:hover:not(:disabled) { background: var(--fy-surface); }
.fy-root .fy-btn-danger { background: var(--fy-surface); color: var(--fy-error); }
.fy-link { display: inline-flex; align-items: center; gap: 6px; border: 0; background: none; padding: 8px; cursor: pointer; color: var(--fy-text-2);
  font-weight: 500; border-radius: calc(var(--fy-radius) * 2); } .fy-link:hover { color: var(--fy-text); }
.fy-li { display: flex; align-items: center; gap: 12px; width: 100%; min-height: 56px; padding: 10px 12px; border: 0; text-align: left;
  border-radius: calc(var(--fy-radius) * 4); background: var(--fy-surface); color: var(--fy-text); transition: background .15s; }
.fy-li-action { cursor: pointer; } .fy-li-action:hover:not(:disabled) { background: var(--fy-surface-2); } .fy-li-action:disabled { opacity: .55; cursor: default; }
.fy-li-selected { box-shadow: inset 0 0 0 1.5px var(--fy-accent); }
.fy-li-icon { display: inline-flex; align-items: center; justify-content: center; width: 36px; height: 36px; flex: none; border-radius: calc(var(--fy-radius) * 3);
  background: var(--fy-surface-2); color: var(--fy-accent); }
.fy-li-text { display: flex; flex-direction: column; flex: 1; min-width: 0; }
.fy-li-label { font-weight: 600; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.fy-li-desc { color: var(--fy-text-2); font-size: calc(var(--fy-fs) * 1.2); overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.fy-li-end { color: var(--fy-text-2); }
.fy-avatar { display: inline-block; flex: none; object-fit: cover; background: var(--fy-surface-2); }
.fy-avatar-circle { border-radius: 50%; } .fy-avatar-rounded { border-radius: calc(var(--fy-radius) * 3); }
.fy-spinner { display: inline-block; flex: none; border-radius: 50%; border: 2px solid var(--fy-surface-2); border-top-color: var(--fy-accent); animation: fy-spin .8s linear infinite; }
.fy-empty { display: flex; flex-direction: column; align-items: center; gap: 8px; padding: 28px 16px; text-align: center; }
.fy-empty-icon { display: inline-flex; align-items: center; justify-content: center; width: 48px; height: 48px; border-radius: 50%; background: var(--fy-surface); color: var(--fy-text-2); }
.fy-tabs { display: flex; gap: 4px; padding: 4px; border-radius: calc(var(--fy-radius) * 4); background: var(--fy-surface); }
.fy-tab { flex: 1; height: 36px; border: 0; border-radius: calc(var(--fy-radius) * 3); background: transparent; color: var(--fy-text-2); cursor: pointer; font-weight: 600; transition: background .15s, color .15s; }
.fy-tab:hover { color: var(--fy-text); } .fy-tab-active { background: var(--fy-bg); color: var(--fy-text); box-shadow: 0 1px 3px rgba(0,0,0,.15); }
.fy-tabpanel { min-height: 120px; }
.fy-chip { display: inline-flex; align-items: center; gap: 8px; height: 36px; padding: 0 14px 0 8px; border: 0; border-radius: 999px; background: var(--fy-surface);
  color: var(--fy-text); font-weight: 600; cursor: pointer; } .fy-chip:hover:not(:disabled) { background: var(--fy-surface-2); } .fy-chip:disabled { cursor: default; }
.fy-account-head { display: flex; flex-direction: column; align-items: center; gap: 10px; padding: 8px 0 12px; }
.fy-address-row { display: flex; align-items: center; gap: 4px; }
.fy-row { display: flex; align-items: center; justify-content: center; gap: 8px; flex-wrap: wrap; }
.fy-actions { display: grid; grid-template-columns: repeat(auto-fit, minmax(72px, 1fr)); gap: 8px; }
.fy-action { display: flex; flex-direction: column; align-items: center; gap: 6px; padding: 10px 4px; border: 0; border-radius: calc(var(--fy-radius) * 4);
  background: var(--fy-surface); color: var(--fy-text); font-weight: 600; font-size: calc(var(--fy-fs) * 1.25); cursor: pointer; min-width: 0; }
.fy-action:hover { background: var(--fy-surface-2); }
.fy-action-icon { display: inline-flex; width: 36px; height: 36px; align-items: center; justify-content: center; border-radius: 999px;
  background: color-mix(in srgb, var(--fy-accent) 18%, transparent); color: var(--fy-accent); }
.fy-address { font-size: calc(var(--fy-fs) * 2); font-weight: 600; letter-spacing: -.01em; }
.fy-slot-loading { display: flex; justify-content: center; padding: 12px; }
.fy-help { gap: 16px; padding: 4px 4px 8px; }
.fy-help-point { display: flex; gap: 14px; align-items: flex-start; }
.fy-help-point h3 { margin: 0 0 2px; }
.fy-help-icon { display: inline-flex; align-items: center; justify-content: center; width: 44px; height: 44px; flex: none; border-radius: calc(var(--fy-radius) * 4); background: var(--fy-surface); color: var(--fy-accent); }
.fy-input { width: 100%; box-sizing: border-box; height: 48px; padding: 0 14px; border: 1px solid var(--fy-surface-2); border-radius: calc(var(--fy-radius) * 4);
  background: var(--fy-surface); color: var(--fy-text); font: inherit; } .fy-input[aria-invalid='true'] { border-color: var(--fy-error); }
.fy-text-error { color: var(--fy-error); } .fy-text-success { color: var(--fy-success); }
.fy-account-name { font-size: calc(var(--fy-fs) * 2); font-weight: 600; overflow-wrap: anywhere; text-align: center; }
`
