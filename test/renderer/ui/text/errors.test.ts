import { describe, expect, it } from 'vitest';
import { describeError } from '../../../../src/renderer/src/ui/text/errors';

describe('errors the agent reads', () => {
  it('never show API paths, HTTP statuses or error codes, only sentences', () => {
    const shown = [
      describeError({ code: 'api', message: '/v2/conversations/7/tag: HTTP 500' }),
      describeError({ code: 'api', message: '/conversations/7/assign: permission_denied' }),
      describeError({ code: 'forbidden', message: '/apps/self/users: HTTP 403' }),
      describeError({ code: 'api', message: 'HTTP 502 from /conversations/7/reply' }),
    ];
    for (const text of shown) {
      expect(text).not.toMatch(/\/\w+\/|HTTP \d|_denied/);
      expect(text).toMatch(/^[A-Z].*\.$/);
    }
  });

  it('keep the server’s own sentence, without the path in front of it', () => {
    expect(describeError({ code: 'api', message: '/v2/conversations/7/tag: tag is longer than 255 characters' })).toBe(
      'The server could not do this: tag is longer than 255 characters.',
    );
  });
});
