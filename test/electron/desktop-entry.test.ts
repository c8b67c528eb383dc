import { expect, it } from 'vitest';
import { autostartEntry, execValue } from '../../src/main/electron/shell-settings';

/**
 * How a desktop reads an Exec value (Desktop Entry Specification): first the string escapes
 * of the file (\\s \\n \\t \\r \\\\), then the quoting of arguments, then field codes (%% is %).
 */
function readExec(value: string): string[] {
  const unescaped = value.replace(
    /\\([sntr\\])/g,
    (_, c: string) => ({ s: ' ', n: '\n', t: '\t', r: '\r', '\\': '\\' })[c]!,
  );
  const args: string[] = [];
  let current = '';
  let quoted = false;
  let started = false;
  for (let i = 0; i < unescaped.length; i++) {
    const ch = unescaped[i]!;
    if (quoted) {
      if (ch === '\\') current += unescaped[++i] ?? '';
      else if (ch === '"') quoted = false;
      else current += ch;
    } else if (ch === '"') {
      quoted = true;
      started = true;
    } else if (ch === ' ') {
      if (started) args.push(current);
      current = '';
      started = false;
    } else {
      current += ch;
      started = true;
    }
  }
  if (started) args.push(current);
  return args.map((arg) => arg.replace(/%%/g, '%'));
}

it('writes a program path any desktop reads back as it was: quotes, $, `, \\, % and newlines', () => {
  for (const path of [
    '/opt/Perch/perch',
    '/opt/Per"ch/$x',
    '/home/a b/100% sure/perch',
    'C:\\odd\\path\\perch',
    '/tmp/`whoami`/perch',
    '/tmp/new\nline/tab\there',
  ]) {
    expect(readExec(execValue(path)), path).toEqual([path]);
    expect(readExec(execValue(path, ['--hidden'])), path).toEqual([path, '--hidden']);
  }
  expect(autostartEntry('/home/a b/100%/perch', true)).toContain('Exec="/home/a b/100%%/perch" --hidden\n');
  expect(
    autostartEntry('/tmp/x\ny', false)
      .split('\n')
      .filter((l) => l.startsWith('Exec=')),
  ).toHaveLength(1);
});
