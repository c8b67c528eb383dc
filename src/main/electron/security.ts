import { app, session, shell } from 'electron';
import { safeExternalUrl } from '../../shared/links';
import { isAppUrl } from './window-options';

/**
 * Locks every web contents down: no navigation away from Perch, no new windows (http(s)
 * links go to the browser after validation), no permissions but notifications.
 */
export function setupSecurity(devServerUrl?: string): void {
  session.defaultSession.setPermissionRequestHandler((_contents, permission, callback) =>
    callback(permission === 'notifications'),
  );
  session.defaultSession.setPermissionCheckHandler((_contents, permission) => permission === 'notifications');

  app.on('web-contents-created', (_event, contents) => {
    contents.on('will-navigate', (event, url) => {
      if (!isAppUrl(url, devServerUrl)) event.preventDefault();
    });
    contents.on('will-redirect', (event, url) => {
      if (!isAppUrl(url, devServerUrl)) event.preventDefault();
    });
    contents.on('will-attach-webview', (event) => event.preventDefault());
    contents.setWindowOpenHandler(({ url }) => {
      const safe = safeExternalUrl(url);
      if (safe) void shell.openExternal(safe.toString());
      return { action: 'deny' };
    });
  });
}
