import { LOG_TAIL_MAX_LINES } from '../../../src/shared/diagnostics';
import { createLogger, memorySink } from '../../../src/main/core/log/logger';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../src/main/core/api/errors';
import {
  ContractError,
  dispatchInvoke,
  type ContractHandlers,
} from '../../../src/main/core/contract/contract-dispatch';
import { desktopHandlers, NODE_NETWORK, type DesktopHandlers } from '../../../src/main/core/desktop/desktop-handlers';
import { INVOKE_CHANNELS } from '../../../src/shared/ipc/contract';
import { safeExternalUrl } from '../../../src/shared/links';

function handlers(): ContractHandlers {
  return {
    'app:ready': vi.fn(async () => ({
      accounts: [
        {
          id: 'demo',
          mode: 'sandbox' as const,
          baseUrl: 'http://127.0.0.1:1',
          appId: '1',
          adminId: '2',
          label: 'Demo',
          color: 'teal' as const,
          status: 'connected' as const,
          liveUpdates: true,
        },
      ],
      welcomed: true,
      tokenStorage: 'memory' as const,
      damaged: [],
    })),
    'account:demo': vi.fn(async () => {
      throw new Error('unused');
    }),
    'account:connect': vi.fn(async () => {
      throw new Error('unused');
    }),
    'account:sign-out': vi.fn(async () => {
      throw new Error('unused');
    }),
    'account:update': vi.fn(async () => {
      throw new Error('unused');
    }),
    'account:dismiss-damage': vi.fn(async () => {
      throw new Error('unused');
    }),
    'settings:get': vi.fn(async () => {
      throw new Error('unused');
    }),
    'settings:update': vi.fn(async () => {
      throw new Error('unused');
    }),
    'inbox:get': vi.fn(async () => ({
      rows: [],
      accounts: {},
      total: 0,
      sizes: { unassigned: 0, mine: 0, open: 0, closed: 0, snoozed: 0 },
    })),
    'inbox:viewing': vi.fn(async () => null),
    'inbox:try-now': vi.fn(async () => null),
    'conversation:open': vi.fn(async () => {
      throw new ApiError('not-found', 'gone');
    }),
    'conversation:leave': vi.fn(async () => null),
    'conversation:older': vi.fn(async () => ({ parts: [], hasOlder: false })),
    'conversation:reply': vi.fn(async () => {
      throw new Error('boom');
    }),
    'conversation:assign': vi.fn(async () => {
      throw new Error('unused');
    }),
    'conversation:close': vi.fn(async () => {
      throw new Error('unused');
    }),
    'conversation:mark-read': vi.fn(async () => null),
    'conversation:tag': vi.fn(async () => {
      throw new Error('unused');
    }),
    'outbox:list': vi.fn(async () => []),
    'outbox:retry': vi.fn(async () => false),
    'outbox:discard': vi.fn(async () => false),
    'outbox:undo': vi.fn(async () => false),
    'outbox:undo-batch': vi.fn(async () => 0),
    'conversation:bulk': vi.fn(async () => ({ items: [], undoUntil: null })),
    'channels:get': vi.fn(async () => []),
    'visitors:watch': vi.fn(async () => []),
    'leads:page': vi.fn(async () => ({ total: 0, rows: [] })),
    'visitor:get': vi.fn(async () => {
      throw new Error('unused');
    }),
    'visitor:edit-props': vi.fn(async () => {
      throw new Error('unused');
    }),
    'visitor:conversations': vi.fn(async () => []),
    'conversation:snooze': vi.fn(async () => {
      throw new Error('unused');
    }),
    'conversation:wake': vi.fn(async () => null),
    'snooze:list': vi.fn(async () => []),
    'conversation:newer': vi.fn(async () => ({ parts: [], more: false })),
    'visitor:unsubscribe': vi.fn(async () => {
      throw new Error('unused');
    }),
    'visitor:message': vi.fn(async () => '1'),
    'conversation:set-typing': vi.fn(async () => null),
    'link:open': vi.fn(async () => {
      throw new ContractError('invalid-arguments', 'Only http and https links can be opened');
    }),
    'draft:get': vi.fn(async () => ({ reply: '', note: '' })),
    'draft:set': vi.fn(async () => null),
    'draft:list': vi.fn(async () => []),
    'diagnostics:get': vi.fn(async () => ({ skippedTotal: 0, skipped: [] })),
    'diagnostics:log': vi.fn(async () => ['a line']),
    'diagnostics:renderer-error': vi.fn(async () => null),
    'deep-link:open': vi.fn(async () => null),
    'attachment:image': vi.fn(async () => 'data:image/png;base64,'),
    'saved-replies:list': vi.fn(async () => []),
    'saved-replies:save': vi.fn(async () => []),
    'saved-replies:remove': vi.fn(async () => []),
    'saved-replies:import': vi.fn(async () => ({ ok: false as const, problem: 'damaged' as const })),
    'saved-replies:export': vi.fn(async () => ''),
    'alerts:get': vi.fn(async () => ({ status: { doNotDisturb: 'unknown' as const, holding: false }, record: [] })),
    'first-screen:save': vi.fn(async () => null),
    'search:text': vi.fn(async () => ({ hits: [], truncated: false })),
    ...(Object.fromEntries(
      Object.entries(desktopHandlers(null, { currentVersion: '1.0.0', network: async () => NODE_NETWORK })).map(
        ([channel, handler]) => [channel, vi.fn(handler)],
      ),
    ) as unknown as DesktopHandlers),
  };
}

describe('dispatchInvoke', () => {
  it('runs a valid call and returns its value', async () => {
    const h = handlers();
    expect(await dispatchInvoke(h, 'inbox:get', [])).toMatchObject({ ok: true, value: { total: 0 } });
    expect(await dispatchInvoke(h, 'conversation:open', ['demo', '5'])).toMatchObject({ ok: false });
    expect(h['conversation:open']).toHaveBeenCalledWith('demo', '5');
  });

  it('refuses unknown channels and bad arguments before any handler runs', async () => {
    const h = handlers();
    const bad: [unknown, unknown][] = [
      ['shell:exec', ['rm -rf /']],
      [{ toString: () => 'inbox:get' }, []],
      // IDs are decimal strings (64-bit): a number, a sign, a fraction, zero or 21 digits is none.
      ['conversation:open', [12]],
      ['conversation:open', ['-1']],
      ['conversation:open', ['1.5']],
      ['conversation:open', ['0']],
      ['conversation:open', ['123456789012345678901']],
      ['conversation:open', ['1', '2']],
      ['conversation:open', 'not an array'],
      ['conversation:reply', [{ conversationId: '1', body: '', kind: 'reply' }]],
      ['conversation:reply', [{ conversationId: '1', body: 'x'.repeat(20001), kind: 'reply' }]],
      ['conversation:reply', [{ conversationId: '1', body: 'hi', kind: 'broadcast' }]],
      ['conversation:reply', [{ conversationId: '1', body: 'hi', kind: 'reply', token: 'steal' }]],
      [
        'conversation:reply',
        [JSON.parse('{"conversationId":"1","body":"hi","kind":"reply","__proto__":{"polluted":true}}')],
      ],
      ['inbox:get', [1]],
      ['conversation:tag', ['1', 'a,b', 'add']],
      ['conversation:tag', ['1', '   ', 'add']],
      ['conversation:tag', ['1', 'vip', 'toggle']],
      ['conversation:assign', ['1', 'me']],
      ['conversation:assign', ['1']],
      ['outbox:retry', ['x'.repeat(65)]],
      ['outbox:discard', [42]],
      ['outbox:undo', ['']],
      ['outbox:undo-batch', ['']],
      ['conversation:bulk', ['batch-00000001', [], { kind: 'close' }]],
      ['conversation:bulk', ['batch-00000001', ['1'], { kind: 'close', extra: true }]],
      ['inbox:try-now', ['all']],
      ['leads:page', [{ offset: 9999, limit: 20 }]],
      ['leads:page', [{ offset: 0, limit: 51 }]],
      ['leads:page', [{ offset: 0, limit: 10, filters: '{}' }]],
      ['visitors:watch', ['yes']],
      ['visitor:message', ['5', '   ']],
      [
        'conversation:reply',
        [{ conversationId: '1', body: 'x', kind: 'note', actions: [{ type: 'quick_reply', body: 'Yes' }] }],
      ],
      [
        'conversation:reply',
        [{ conversationId: '1', body: 'x', kind: 'reply', actions: [{ type: 'quick_reply', body: 'b'.repeat(301) }] }],
      ],
      [
        'conversation:reply',
        [{ conversationId: '1', body: 'x', kind: 'reply', actions: [{ type: 'link', body: 'Go' }] }],
      ],
      [
        'conversation:reply',
        [
          {
            conversationId: '1',
            body: 'x',
            kind: 'reply',
            actions: Array.from({ length: 11 }, () => ({ type: 'quick_reply', body: 'b' })),
          },
        ],
      ],
    ];
    // A workspace channel's call names a well-formed account first, then what the channel declares.
    const badAccounts: [unknown, unknown][] = [
      ['conversation:open', ['5']],
      ['conversation:open', ['evil', '5']],
      ['conversation:open', ['account-XYZ', '5']],
      ['conversation:open', [{ toString: () => 'demo' }, '5']],
      ['outbox:list', []],
    ];
    const named = bad.map(([channel, args]): [unknown, unknown] =>
      typeof channel === 'string' && channel !== 'inbox:get' && Array.isArray(args)
        ? [channel, ['demo', ...args]]
        : [channel, args],
    );
    for (const [channel, args] of [...named, ...badAccounts]) {
      const result = await dispatchInvoke(h, channel, args);
      expect(result, `${String(channel)} ${JSON.stringify(args)}`).toMatchObject({
        ok: false,
        error: { code: 'invalid-arguments' },
      });
    }
    for (const channel of INVOKE_CHANNELS) if (channel !== 'inbox:get') expect(h[channel]).not.toHaveBeenCalled();
  });

  it("asks the log's tail for a bounded number of lines only", async () => {
    const h = handlers();
    for (const args of [[], [0], [-5], [1.5], ['200'], [LOG_TAIL_MAX_LINES + 1], [10, 'more'], 'all'])
      expect(await dispatchInvoke(h, 'diagnostics:log', args), JSON.stringify(args)).toMatchObject({
        ok: false,
        error: { code: 'invalid-arguments' },
      });
    expect(h['diagnostics:log']).not.toHaveBeenCalled();
    expect(await dispatchInvoke(h, 'diagnostics:log', [200])).toEqual({ ok: true, value: ['a line'] });
    expect(h['diagnostics:log']).toHaveBeenCalledWith(200);
  });

  it('maps handler failures to typed errors without leaking internals', async () => {
    const h = handlers();
    const sink = memorySink();
    const log = createLogger({ sink }).scope('ipc');
    expect(await dispatchInvoke(h, 'conversation:open', ['demo', '5'], log)).toEqual({
      ok: false,
      error: { code: 'not-found', message: 'gone' },
    });
    const internal = await dispatchInvoke(
      h,
      'conversation:reply',
      ['demo', { conversationId: '1', body: 'hi', kind: 'reply' }],
      log,
    );
    expect(internal).toEqual({ ok: false, error: { code: 'internal', message: 'Something went wrong in Perch' } });
    // The unexpected failure is logged in main (its channel and kind); an expected one is not.
    expect(sink.lines).toHaveLength(1);
    expect(sink.lines[0]).toMatch(/ERROR ipc: a call failed channel="conversation:reply" error="Error"/);
  });
});

describe('safeExternalUrl', () => {
  it('allows plain http(s) links only', () => {
    expect(safeExternalUrl('https://example.com/a?b=c')?.toString()).toBe('https://example.com/a?b=c');
    for (const raw of [
      'javascript:alert(1)',
      'file:///etc/passwd',
      'perch://app/',
      'https://user:pw@example.com/',
      'data:text/html,x',
      'smb://host/share',
      '//example.com',
      '',
    ]) {
      expect(safeExternalUrl(raw), raw).toBeNull();
    }
  });
});
