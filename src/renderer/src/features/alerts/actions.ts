/** What other features may do through the alerts feature outside a component: its actions (the command table, the composer's keys). */
export { playAlertSound } from './alert-sounds';
export { diagnosticsActions } from './slice-diagnostics';
