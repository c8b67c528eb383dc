/** The toolkit feature's components other features compose, and the hooks they read its state with. */
export { ColleagueTyping } from './StaleGuard';
export { useToolkit } from './slice';
