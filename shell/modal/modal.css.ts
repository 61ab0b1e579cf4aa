// The modal's stylesheet: tokens per theme, the shell chrome, and motion. UI-kit styles live in ui.css.ts.
import { uiCss } from './ui.css.js'

const shellCss = /* css */ `
:host { all: initial; }
.fy-root {
  --fy-radius: var(--foyer-border-radius-master, 4px);
  --fy-fs: var(--foyer-font-size-master, 10px);
  --fy-accent: var(--foyer-accent, var(--fy-accent-base));
  --fy-bg: var(--fy-bg-base); --fy-surface: var(--fy-surface-base); --fy-surface-2: var(--fy-surface-2-base);
  font-family: var(--foyer-font-family, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif);
  font-size: calc(var(--fy-fs) * 1.4); line-height: 1.4; color: var(--fy-text);
  -webkit-font-smoothing: antialiased; box-sizing: border-box;
}
.fy-root *, .fy-root *::before, .fy-root *::after { box-sizing: inherit; }
.fy-root[data-theme="dark"] {
  --fy-bg-base: #141517; --fy-surface-base: #1f2124; --fy-surface-2-base: #2a2d31; --fy-border: rgba(255,255,255,.09);
  --fy-text: #eceef0; --fy-text-2: #a2a9b0; --fy-accent-base: #8c9cff; --fy-on-accent: #0b0d1c;
  --fy-error: #ff8a8a; --fy-success: #5fd991; --fy-warning: #f5c46b; --fy-backdrop: rgba(0,0,0,.6);
  --fy-shadow: 0 24px 64px rgba(0,0,0,.55), 0 0 0 1px rgba(255,255,255,.06); color-scheme: dark;
}
.fy-root[data-theme="light"] {
  --fy-bg-base: #ffffff; --fy-surface-base: #f2f3f5; --fy-surface-2-base: #e6e8eb; --fy-border: rgba(0,0,0,.08);
  --fy-text: #141618; --fy-text-2: #575f66; --fy-accent-base: #3650d6; --fy-on-accent: #ffffff;
  --fy-error: #c42b2b; --fy-success: #17703d; --fy-warning: #8a5a00; --fy-backdrop: rgba(18,20,24,.45);
  --fy-shadow: 0 24px 64px rgba(16,24,40,.18), 0 0 0 1px rgba(0,0,0,.05); color-scheme: light;
}
.fy-overlay {
  position: fixed; inset: 0; z-index: var(--foyer-z-index, 999); display: flex; align-items: center; justify-content: center;
  padding: 16px; background: var(--fy-backdrop); -webkit-backdrop-filter: blur(6px); backdrop-filter: blur(6px);
  animation: fy-fade .2s ease-out;
}
.fy-card {
  position: relative; display: flex; flex-direction: column; width: 370px; max-width: 100%; max-height: min(720px, calc(100vh - 32px));
  background: var(--fy-bg); color: var(--fy-text); border-radius: calc(var(--fy-radius) * 8); box-shadow: var(--fy-shadow);
  overflow: hidden; outline: none; animation: fy-rise .28s cubic-bezier(.2,.9,.3,1.1);
}
.fy-root .fy-card:focus-visible { outline: none; }
.fy-card-inline { box-shadow: 0 0 0 1px var(--fy-border); animation: none; }
.fy-shake { animation: fy-shake .5s cubic-bezier(.36,.07,.19,.97) both; }
.fy-progress { position: absolute; top: 0; left: 0; right: 0; height: 3px; overflow: hidden; z-index: 2; }
.fy-progress::after { content: ""; position: absolute; inset: 0; width: 40%; background: var(--fy-accent); border-radius: 3px; animation: fy-slide 1s ease-in-out infinite; }
.fy-header { display: grid; grid-template-columns: 40px 1fr 40px; align-items: center; gap: 8px; padding: 16px 16px 8px; }
.fy-header-end { display: flex; justify-content: flex-end; }
.fy-title { margin: 0; text-align: center; font-size: calc(var(--fy-fs) * 1.6); font-weight: 600; letter-spacing: -.01em; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.fy-body { flex: 1 1 auto; overflow-y: auto; padding: 8px 16px 16px; overscroll-behavior: contain; }
.fy-view { animation: fy-fade .18s ease-out; }
.fy-view-loading { display: flex; justify-content: center; padding: 40px 0; }
.fy-footer { padding: 12px 24px 16px; border-top: 1px solid var(--fy-border); text-align: center; background: var(--fy-surface); }
.fy-footer .fy-text { margin: 0; }
.fy-footer a { color: var(--fy-text); font-weight: 600; text-decoration: underline; text-underline-offset: 2px; }
.fy-footer .fy-branding { margin-top: 4px; } .fy-footer .fy-text + .fy-branding { margin-top: 8px; }
.fy-fieldset { border: 0; margin: 0; padding: 0; min-width: 0; } .fy-fieldset:disabled { opacity: .5; }
.fy-legal-check { display: flex; gap: 10px; align-items: flex-start; padding: 10px 12px; border-radius: calc(var(--fy-radius) * 3);
  background: var(--fy-surface); cursor: pointer; } .fy-legal-check input { margin: 2px 0 0; accent-color: var(--fy-accent); }
.fy-legal-check a { color: var(--fy-text); font-weight: 600; text-decoration: underline; }
.fy-alert { display: flex; align-items: center; gap: 10px; margin: 0 16px 8px; padding: 10px 10px 10px 14px; border-radius: calc(var(--fy-radius) * 3);
  background: var(--fy-surface); border: 1px solid var(--fy-border); font-size: calc(var(--fy-fs) * 1.3); animation: fy-fade .2s ease-out; }
.fy-alert > .fy-icon { flex: none; }
.fy-alert-error > .fy-icon { color: var(--fy-error); } .fy-alert-warning > .fy-icon { color: var(--fy-warning); }
.fy-alert-info > .fy-icon, .fy-alert-success > .fy-icon { color: var(--fy-accent); }
.fy-alert-text { flex: 1; }
.fy-snackbar-region { position: absolute; left: 0; right: 0; top: 64px; display: flex; justify-content: center; pointer-events: none; z-index: 3; }
.fy-snackbar { display: inline-flex; align-items: center; gap: 8px; max-width: calc(100% - 32px); padding: 8px 14px; border-radius: 999px;
  background: var(--fy-surface-2); color: var(--fy-text); box-shadow: var(--fy-shadow); font-size: calc(var(--fy-fs) * 1.3); font-weight: 500;
  pointer-events: auto; animation: fy-rise .2s ease-out; }
.fy-snackbar-success > .fy-icon { color: var(--fy-success); } .fy-snackbar-error > .fy-icon { color: var(--fy-error); }
@keyframes fy-fade { from { opacity: 0; } }
@keyframes fy-rise { from { opacity: 0; transform: translateY(12px) scale(.98); } }
@keyframes fy-slide { from { transform: translateX(-100%); } to { transform: translateX(250%); } }
@keyframes fy-shake { 10%, 90% { transform: translateX(-2px); } 20%, 80% { transform: translateX(4px); } 30%, 50%, 70% { transform: translateX(-6px); } 40%, 60% { transform: translateX(6px); } }
@keyframes fy-spin { to { transform: rotate(360deg); } }
@media (max-width: 430px) {
  .fy-overlay { align-items: flex-end; padding: 0; }
  .fy-card:not(.fy-card-inline) { width: 100%; border-radius: calc(var(--fy-radius) * 8) calc(var(--fy-radius) * 8) 0 0; max-height: 90vh; padding-bottom: env(safe-area-inset-bottom, 0px); }
}
/* WCAG 2.3.3: with reduced motion nothing moves; spinners stand still and the live regions say what is loading. */
@media (prefers-reduced-motion: reduce) {
  .fy-root *, .fy-root *::before, .fy-root *::after { animation: none !important; transition: none !important; }
}
.fy-title:focus { outline: none; } /* focused by script on a view change, not a control */
.fy-sr-only { position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
`

/** The complete modal stylesheet text. */
export const modalCss = shellCss + uiCss
