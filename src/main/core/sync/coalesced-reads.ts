import type { Id } from '../../../shared/api/types';

/**
 * Reads of one conversation asked for many times in a row (a burst of messages, a duplicate)
 * become one read under way and at most one after it: the last read always starts after the
 * last ask, so it sees what that ask announced.
 */
export class CoalescedReads {
  private readonly running = new Set<Id>();
  private readonly again = new Set<Id>();

  constructor(private readonly read: (id: Id) => Promise<unknown>) {}

  request(id: Id): void {
    if (this.running.has(id)) {
      this.again.add(id);
      return;
    }
    this.running.add(id);
    void this.read(id).finally(() => {
      this.running.delete(id);
      if (this.again.delete(id)) this.request(id);
    });
  }
}
