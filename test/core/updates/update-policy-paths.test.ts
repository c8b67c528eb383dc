import { describe, expect, it } from 'vitest';
import { updatePolicyPaths } from '../../../src/main/core/updates/policy';

describe('where the update policy is read', () => {
  it('reads the system folder first where only administrators write, then the resources', () => {
    expect(updatePolicyPaths('/opt/Perch/resources', 'linux')).toEqual([
      '/etc/perch/perch-policy.json',
      '/opt/Perch/resources/perch-policy.json',
    ]);
    expect(updatePolicyPaths('/Applications/Perch.app/Contents/Resources', 'darwin')[0]).toBe(
      '/Library/Application Support/Perch/perch-policy.json',
    );
  });

  it('on Windows reads only the installed resources: any user can create a folder under ProgramData', () => {
    const paths = updatePolicyPaths('C:\\Program Files\\Perch\\resources', 'win32');
    expect(paths).toEqual(['C:\\Program Files\\Perch\\resources/perch-policy.json']);
    expect(paths.some((p) => /programdata/i.test(p))).toBe(false);
  });
});
