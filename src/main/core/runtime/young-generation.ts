import { setFlagsFromString } from 'node:v8';

/**
 * The core keeps its young generation at its starting size. By default V8 doubles the new
 * space as allocation goes on (up to 16 MB a semi-space) and keeps it committed after the
 * initial sync: some 18 MB of RSS holding nothing at 10,000 conversations. Kept small, the sync
 * takes no longer (its objects either live long or die young). This flag is read each time the
 * new space would grow, so setting it first thing in the process still takes effect.
 */
export function keepYoungGenerationSmall(): void {
  setFlagsFromString('--semi-space-growth-factor=1');
}
