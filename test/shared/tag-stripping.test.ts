import { describe, expect, it } from 'vitest';
import { previewOf } from '../../src/shared/inbox';
import { partText } from '../../src/shared/search';
import { htmlToText } from '../../src/shared/text';

// A body of a million "<" and no ">": a pattern that looks for the closing ">" from every "<"
// takes hours on it (quadratic); stripping tags must take one pass.
const hostile = '<'.repeat(1_000_000);

it('strips tags in one pass, even from a body of a million unclosed "<"', () => {
  const started = performance.now();
  expect(previewOf({ body: hostile, attachments: [] }).length).toBeGreaterThan(0);
  expect(htmlToText(hostile).length).toBe(1_000_000);
  expect(htmlToText(`${'<br>'.repeat(250_000)}x${'</p>'.repeat(250_000)}`)).toBe('x');
  // One pass takes milliseconds; the quadratic pattern took 1.5 s for 50,000 characters.
  expect(performance.now() - started).toBeLessThan(3000);
});

it('still strips the tags it should', () => {
  expect(previewOf({ body: '<p>Hello <b>there</b></p>', attachments: [] })).toBe('Hello there');
  expect(htmlToText('a<br>b<i>c</i> <x <y>')).toBe('a\nbc <x ');
});

describe('a message written in HTML reads the same everywhere', () => {
  const body = '<p>Tom &amp; Jerry</p>';
  it('in the row preview, the timeline (htmlToText) and what search matches', () => {
    expect(previewOf({ body, attachments: [] })).toBe('Tom & Jerry');
    expect(htmlToText(body)).toBe('Tom & Jerry');
    expect(partText({ body, attachments: [] })).toBe('Tom & Jerry');
  });

  it('decodes each character reference once, after the tags are gone', () => {
    expect(htmlToText('&lt;b&gt;not bold&lt;/b&gt;')).toBe('<b>not bold</b>');
    expect(htmlToText('&amp;lt; stays written out')).toBe('&lt; stays written out');
    expect(htmlToText('&quot;a&quot; &#39;b&#39; &apos;c&apos; x&nbsp;y')).toBe("\"a\" 'b' 'c' x y");
    expect(htmlToText('&#8212; &#x2014; &mdash; &laquo;да&raquo; &hellip;')).toBe('— — — «да» …');
    expect(htmlToText('&#0; &#xD800; &#x110000; &#99999999;')).toBe('\uFFFD \uFFFD \uFFFD &#99999999;');
    expect(htmlToText('&unknown; & alone, AT&T')).toBe('&unknown; & alone, AT&T');
  });

  it('keeps the lines of paragraphs, breaks and list items', () => {
    expect(htmlToText('<p>one</p><p>two</p>')).toBe('one\n\ntwo');
    expect(htmlToText('a<br>b<br/>c')).toBe('a\nb\nc');
    expect(htmlToText('<ul><li>x</li><li>y</li></ul>')).toBe('x\ny');
    expect(previewOf({ body: '<p>one</p><p>two</p>', attachments: [] })).toBe('one two');
  });
});
