import { describe, expect, it } from 'vitest';
import { checkDeepLink, deepLinkFor, deepLinkInArgs, parseDeepLink } from '../../src/shared/deep-links';

const ACCOUNT = 'account-0123456789abcdef';
const ID = '9223372036854775807';
const known = ['demo', ACCOUNT];

describe('deep links', () => {
  it('reads the links Perch writes, the largest 64-bit ID included', () => {
    expect(parseDeepLink(deepLinkFor(ACCOUNT, ID))).toEqual({ accountId: ACCOUNT, conversationId: ID });
    expect(deepLinkFor('demo', '42')).toBe('perch://open/demo/42');
    expect(parseDeepLink('perch://open/demo/18446744073709551615')).toEqual({
      accountId: 'demo',
      conversationId: '18446744073709551615',
    });
    // The OS may hand the scheme over in capitals; it is case-insensitive by RFC 3986.
    expect(parseDeepLink(`PERCH://open/${ACCOUNT}/${ID}`)).toEqual({ accountId: ACCOUNT, conversationId: ID });
  });

  const hostile = [
    // Other hosts, and the window's own.
    `perch://app/${ACCOUNT}/${ID}`,
    `perch://app/index.html`,
    `perch://OPEN/${ACCOUNT}/${ID}`,
    `perch://open.evil.example/${ACCOUNT}/${ID}`,
    `perch://evil.example/open/${ACCOUNT}/${ID}`,
    `perch://user:pass@open/${ACCOUNT}/${ID}`,
    `perch://open:443/${ACCOUNT}/${ID}`,
    `perch:open/${ACCOUNT}/${ID}`,
    `perch:/open/${ACCOUNT}/${ID}`,
    `perch:///open/${ACCOUNT}/${ID}`,
    // Other schemes.
    `https://open/${ACCOUNT}/${ID}`,
    `javascript://open/${ACCOUNT}/${ID}`,
    `file://open/${ACCOUNT}/${ID}`,
    `perchx://open/${ACCOUNT}/${ID}`,
    // Query, fragment, extra and empty segments, traversal.
    `perch://open/${ACCOUNT}/${ID}?token=secret`,
    `perch://open/${ACCOUNT}/${ID}#x`,
    `perch://open/${ACCOUNT}/${ID}/`,
    `perch://open/${ACCOUNT}/${ID}/reply`,
    `perch://open/${ACCOUNT}//${ID}`,
    `perch://open//${ACCOUNT}/${ID}`,
    `perch://open/${ACCOUNT}`,
    `perch://open/${ID}`,
    `perch://open/`,
    `perch://open`,
    `perch://open/../app/${ID}`,
    `perch://open/${ACCOUNT}/../${ID}`,
    `perch://open\\${ACCOUNT}\\${ID}`,
    // Account IDs Perch never writes: tokens, other shapes, escapes.
    `perch://open/account-0123456789ABCDEF/${ID}`,
    `perch://open/account-0123456789abcde/${ID}`,
    `perch://open/account-0123456789abcdef0/${ID}`,
    `perch://open/DEMO/${ID}`,
    `perch://open/0123456789abcdef0123456789abcdef/${ID}`,
    `perch://open/%64emo/${ID}`,
    // Conversation IDs outside a positive 64-bit decimal.
    'perch://open/demo/0',
    'perch://open/demo/007',
    'perch://open/demo/-1',
    'perch://open/demo/+1',
    'perch://open/demo/1e3',
    'perch://open/demo/0x1f',
    'perch://open/demo/1.0',
    'perch://open/demo/18446744073709551616',
    'perch://open/demo/123456789012345678901',
    'perch://open/demo/%31',
    'perch://open/demo/４２',
    // Whitespace and hidden characters.
    ' perch://open/demo/42',
    'perch://open/demo/42 ',
    'perch://open/demo/42\n',
    'perch://open/demo/\u200b42',
    'perch://open/\u202edemo/42',
    'perch://op\u0435n/demo/42',
    'perch://open/demo/42\u0000',
    // Not a string, empty, or far too long.
    '',
    `perch://open/demo/${'1'.repeat(500)}`,
  ];
  it.each(hostile)('refuses %j', (raw) => {
    expect(parseDeepLink(raw)).toBeNull();
    expect(checkDeepLink(raw, known)).toEqual({ ok: false, problem: 'malformed' });
  });

  it('refuses values that are not text', () => {
    for (const value of [undefined, null, 42, {}, ['perch://open/demo/42'], new URL('perch://open/demo/42')])
      expect(parseDeepLink(value)).toBeNull();
  });

  it('follows a link only to an account Perch holds', () => {
    expect(checkDeepLink(`perch://open/${ACCOUNT}/${ID}`, known)).toEqual({
      ok: true,
      target: { accountId: ACCOUNT, conversationId: ID },
    });
    expect(checkDeepLink('perch://open/account-ffffffffffffffff/42', known)).toEqual({
      ok: false,
      problem: 'unknown-account',
    });
    expect(checkDeepLink('perch://open/demo/42', [ACCOUNT])).toEqual({ ok: false, problem: 'unknown-account' });
  });

  it('finds the link among the arguments of a start or a second instance', () => {
    expect(deepLinkInArgs(['/opt/Perch/perch', '--hidden'])).toBeNull();
    expect(deepLinkInArgs(['/opt/Perch/perch', '--no-sandbox', 'perch://open/demo/42'])).toBe('perch://open/demo/42');
    expect(deepLinkInArgs(['Perch.exe', 'PERCH://open/demo/42'])).toBe('PERCH://open/demo/42');
  });
});
