/** What other features may do through the toolkit feature outside a component: its actions (the command table, the composer's keys). */
export { toolkitActions } from './slice';
