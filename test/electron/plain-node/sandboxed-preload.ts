import { readFileSync } from 'node:fs';
import { compileFunction, createContext } from 'node:vm';
import { EventEmitter } from 'node:events';

/** What `require('electron')` gives a sandboxed preload (Electron's lib/sandboxed_renderer/api/module-list.ts). */
export const RENDERER_MODULES = [
  'contextBridge',
  'crashReporter',
  'ipcRenderer',
  'nativeImage',
  'webFrame',
  'webUtils',
];
/** The Node modules a sandboxed preload may require besides electron ("Process Sandboxing" in Electron's docs). */
const NODE_MODULES = ['events', 'node:events', 'timers', 'node:timers', 'url', 'node:url'];

export interface PreloadRun {
  /** What the preload exposed with contextBridge, by key. */
  exposed: Map<string, unknown>;
  /** Every module it asked `require` for. */
  required: string[];
}

/**
 * Runs a built preload as Electron runs one in a sandboxed renderer: a function of
 * `require, process, exports, module` and a few globals, in a context of its own with no Node
 * in it, whose `require` gives electron's renderer modules and events, timers and url only.
 * `electron` here refuses any name a sandboxed renderer does not have.
 */
export function runSandboxedPreload(file: string, ipcRenderer: unknown): PreloadRun {
  const exposed = new Map<string, unknown>();
  const required: string[] = [];
  const modules: Record<string, unknown> = {
    contextBridge: {
      exposeInMainWorld: (key: string, api: unknown) => {
        if (exposed.has(key)) throw new Error(`Cannot bind an API on top of an existing property on the window object`);
        exposed.set(key, api);
      },
    },
    ipcRenderer,
  };
  const electron = new Proxy(modules, {
    get(target, name) {
      if (typeof name !== 'string' || !RENDERER_MODULES.includes(name))
        throw new Error(`electron has no ${String(name)} in a sandboxed renderer`);
      return target[name] ?? {};
    },
  });
  const require = (name: string) => {
    required.push(name);
    if (name === 'electron' || name === 'electron/renderer' || name === 'electron/common') return electron;
    if (NODE_MODULES.includes(name)) return name.endsWith('events') ? EventEmitter : {};
    throw new Error(`module not found: ${name}`);
  };
  // The isolated world's web globals; nothing of Node's.
  const context = createContext({ console, URL, TextEncoder, TextDecoder, queueMicrotask, setTimeout, clearTimeout });
  const globals = { Buffer, global: context, setImmediate, clearImmediate };
  const run = compileFunction(
    readFileSync(file, 'utf8'),
    ['require', 'process', 'exports', 'module', ...Object.keys(globals)],
    { parsingContext: context, filename: file },
  );
  const exports = {};
  run(require, new EventEmitter(), exports, { exports }, ...Object.values(globals));
  return { exposed, required };
}
