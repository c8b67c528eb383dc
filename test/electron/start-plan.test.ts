import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { browserOpener, chooseStart, hostUrl, toolCommand } from '../../scripts/start-plan.mjs';

describe('npm start', () => {
  it('starts Electron when its binary is installed, without downloading', () => {
    const download = vi.fn(() => true);
    expect(chooseStart({ binaryPresent: true, nodeVersion: 'v20.19.0', download })).toEqual({ mode: 'electron' });
    expect(download).not.toHaveBeenCalled();
  });

  it('fetches the binary where Node can, and starts Electron when that worked', () => {
    const download = vi.fn(() => true);
    expect(chooseStart({ binaryPresent: false, nodeVersion: 'v22.12.0', download })).toEqual({ mode: 'electron' });
    expect(download).toHaveBeenCalledOnce();
  });

  it('falls back to the browser, saying why, when the download fails', () => {
    const plan = chooseStart({ binaryPresent: false, nodeVersion: 'v24.1.0', download: () => false });
    expect(plan.mode).toBe('browser');
    expect(plan.mode === 'browser' && plan.why).toMatch(/could not be downloaded/);
  });

  it('does not try a download that cannot work on this Node, and says which Node it needs', () => {
    const download = vi.fn(() => true);
    const plan = chooseStart({ binaryPresent: false, nodeVersion: 'v20.20.2', download });
    expect(plan).toEqual({
      mode: 'browser',
      why: expect.stringContaining('Node 22.12 or newer (this is Node 20.20.2)'),
    });
    expect(download).not.toHaveBeenCalled();
    expect(chooseStart({ binaryPresent: false, nodeVersion: 'v22.11.0', download }).mode).toBe('browser');
  });

  it("opens the address with each platform's own opener", () => {
    const url = 'http://127.0.0.1:5000/?session=abc&x=1';
    expect(browserOpener('linux', url)).toEqual({ command: 'xdg-open', args: [url] });
    expect(browserOpener('darwin', url)).toEqual({ command: 'open', args: [url] });
    expect(browserOpener('win32', url)).toEqual({
      command: 'cmd',
      args: ['/c', 'start', '""', 'http://127.0.0.1:5000/?session=abc^&x=1'],
    });
  });

  it("finds the address in the browser host's ready line only", () => {
    expect(hostUrl('Perch is running at http://127.0.0.1:43121/?session=k3y')).toBe(
      'http://127.0.0.1:43121/?session=k3y',
    );
    expect(hostUrl('notification: Mateo: hello http://example.com')).toBeNull();
  });
});

describe("npm start's tools", () => {
  it('runs a tool by its JS entry under this Node, so no shell shim sees the path, spaces and all', async () => {
    const root = await mkdtemp(join(tmpdir(), 'perch start '));
    const tool = join(root, 'node_modules', 'echo tool');
    await mkdir(join(tool, 'bin'), { recursive: true });
    await writeFile(join(tool, 'package.json'), JSON.stringify({ name: 'echo-tool', bin: { echo: 'bin/echo.js' } }));
    await writeFile(join(tool, 'bin', 'echo.js'), 'console.log(JSON.stringify(process.argv.slice(2)))');

    const { command, args } = toolCommand(join(tool, 'package.json'), 'echo', ['preview', 'a b']);
    expect(command).toBe(process.execPath);
    expect(args[0]).toBe(join(tool, 'bin', 'echo.js'));
    expect(JSON.parse(execFileSync(command, args, { encoding: 'utf8' }))).toEqual(['preview', 'a b']);
  });

  it('finds the entries of the tools npm start runs', () => {
    expect(toolCommand('node_modules/electron-vite/package.json', 'electron-vite', ['preview']).args).toEqual([
      expect.stringMatching(/electron-vite[\\/]bin[\\/]electron-vite\.js$/),
      'preview',
    ]);
    expect(toolCommand('node_modules/tsx/package.json', 'tsx', []).args[0]).toMatch(/tsx[\\/]dist[\\/]cli\.mjs$/);
    expect(() => toolCommand('node_modules/tsx/package.json', 'nope', [])).toThrow(/no "nope" command/);
  });
});
