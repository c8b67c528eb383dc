/** What other features may do through the settings feature outside a component: its actions (the command table, the composer's keys). */
export { zoomBy } from './slice-zoom';
