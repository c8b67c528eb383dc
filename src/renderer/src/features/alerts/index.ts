/** The alerts feature's components other features compose, and the hooks they read its state with. */
export { DoNotDisturbNotice } from './DoNotDisturbNotice';
export { PausedNotice } from './PausedNotice';
export { QuietNotice } from './QuietNotice';
export { useDiagnostics } from './slice-diagnostics';
