import { describe, expect, it } from 'vitest';
import { FeedError, parseFeed } from '../../../src/main/core/updates/feed';

const head = 'version: 1.2.3\nfiles:\n  - url: Perch-1.2.3.exe\n    sha512: abc\n    size: 10\n';

describe('the update feed', () => {
  it('reads a release among 40,000 keys without values and blank lines', () => {
    const keys = Array.from({ length: 40_000 }, (_, i) => `k${i}:${i % 3 ? '' : '\n\n# a comment'}`).join('\n');
    expect(parseFeed(`${head}${keys}\nreleaseName: Spring\n`)).toMatchObject({
      version: '1.2.3',
      files: [{ url: 'Perch-1.2.3.exe', sha512: 'abc', size: 10 }],
      releaseName: 'Spring',
    });
  });

  it('a key without a value takes the block under it, or nothing', () => {
    const release = parseFeed(`${head}releaseNotes:\n\n  - note: first\nreleaseDate:\n\nreleaseName: x\n`);
    expect(release.releaseNotes).toBe('first');
    expect(release.releaseDate).toBeUndefined();
    expect(release.releaseName).toBe('x');
    expect(() => parseFeed(`${head}  stray: 1\n`)).toThrow(FeedError);
  });
});
