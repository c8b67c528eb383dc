import { expect, it } from 'vitest';
import { plainText } from '../../src/renderer/src/ui/RichText';
import { previewOf } from '../../src/shared/inbox';

// A body of a million "<" and no ">": a pattern that looks for the closing ">" from every "<"
// takes hours on it (quadratic); stripping tags must take one pass.
const hostile = '<'.repeat(1_000_000);

it('strips tags in one pass, even from a body of a million unclosed "<"', () => {
  const started = performance.now();
  expect(previewOf({ body: hostile, attachments: [] }).length).toBeGreaterThan(0);
  expect(plainText(hostile).length).toBe(1_000_000);
  // One pass takes milliseconds; the quadratic pattern took 1.5 s for 50,000 characters.
  expect(performance.now() - started).toBeLessThan(3000);
});

it('still strips the tags it should', () => {
  expect(previewOf({ body: '<p>Hello <b>there</b></p>', attachments: [] })).toBe('Hello there');
  expect(plainText('a<br>b<i>c</i> <x <y>')).toBe('a\nbc <x ');
});
