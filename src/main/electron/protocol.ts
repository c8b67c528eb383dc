import { net, protocol } from 'electron';
import { join, normalize, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { readFile } from 'node:fs/promises';
import { FirstScreenStore } from '../core/first-screen/first-screen-store';
import { APP_SCHEME } from './window-options';

/**
 * Must run before the app is ready: the scheme behaves like https (secure, fetchable, CSP), its
 * responses can be streamed (`<audio>` reads the alert sounds in ranges, and plays nothing from
 * a scheme without `stream`), and its scripts' compiled code is kept between starts (V8's code
 * cache), so the renderer's code is not compiled again on every launch.
 */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    {
      scheme: APP_SCHEME,
      privileges: { standard: true, secure: true, supportFetchAPI: true, stream: true, codeCache: true },
    },
  ]);
}

/**
 * Serves the built renderer at perch://app/, refusing any path outside its folder. index.html
 * comes with the inbox's first screen kept in `dataDir` drawn into it, before any script runs.
 */
export function serveRenderer(rendererDir: string, dataDir: string): void {
  const root = resolve(rendererDir);
  const firstScreen = new FirstScreenStore(dataDir);
  protocol.handle(APP_SCHEME, (request) => {
    const { host, pathname } = new URL(request.url);
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname === '/' ? '/index.html' : pathname);
    } catch {
      return new Response('Bad request', { status: 400 });
    }
    const relative = normalize(decoded).replace(/^([/\\])+/, '');
    const file = resolve(join(root, relative));
    if (host !== 'app' || (file !== root && !file.startsWith(root + sep)))
      return new Response('Forbidden', { status: 403 });
    if (file === join(root, 'index.html')) return indexPage(file, firstScreen);
    return net.fetch(pathToFileURL(file).toString());
  });
}

async function indexPage(file: string, firstScreen: FirstScreenStore): Promise<Response> {
  try {
    const html = await firstScreen.page(await readFile(file, 'utf8'));
    return new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8' } });
  } catch {
    return net.fetch(pathToFileURL(file).toString());
  }
}
