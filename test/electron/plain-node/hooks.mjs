import { URL } from 'node:url';

/** Resolution hooks (module.register): `electron` is the main process's module, as in Electron. */
const electronMain = new URL('./electron-main.mjs', import.meta.url).href;

export async function resolve(specifier, context, nextResolve) {
  if (specifier === 'electron') return { url: electronMain, shortCircuit: true };
  return nextResolve(specifier, context);
}
