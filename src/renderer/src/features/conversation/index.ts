/** The conversation feature's components other features compose. */
export { OutboxStatus } from './OutboxNotices';
export { TagInput } from './TagInput';
