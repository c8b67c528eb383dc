import type { Id } from '../../shared/api/types';
import type { PartInput } from '../store';

/** Fields of a part written by the system on an admin's behalf (assignment, closing). */
export function systemPart(
  type: 'assigned' | 'closed' | 'tag_added' | 'tag_deleted',
  adminId: Id,
  randomId: number,
  assigneeId: Id | null = null,
): PartInput {
  return {
    body: '',
    bodyJson: {},
    read: true,
    direction: 'a2u',
    type,
    sentVia: 'api',
    attachments: [],
    metaData: {},
    replyType: 'no',
    actions: null,
    externalId: null,
    randomId,
    fromAdminId: adminId,
    fromUserId: null,
    assigneeId,
    referrer: null,
  };
}
