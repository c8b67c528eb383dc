/** The conversation feature's components other features compose, and the hooks they read its state with. */
export { OutboxStatus } from './OutboxNotices';
export { TagInput } from './TagInput';
