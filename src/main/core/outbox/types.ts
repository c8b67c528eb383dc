export type { OutboxAction, OutboxItem, OutboxState } from '../../../shared/outbox';
