/** The visitor feature's components other features compose, and the hooks they read its state with. */
export { VisitorHistory } from './VisitorHistory';
export { VisitorPanel } from './VisitorPanel';
