/** The directory feature's components other features compose, and the hooks they read its state with. */
export { useDirectory } from './slice';
