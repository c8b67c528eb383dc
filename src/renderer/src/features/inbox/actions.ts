/** What other features may do through the inbox feature outside a component: its actions (the command table, the composer's keys). */
export { bulkActions, selectedCount } from './slice-bulk';
