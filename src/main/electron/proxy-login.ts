import { app } from 'electron';
import type { ScopedLog } from '../core/ports';
import type { ProxySignIn } from '../core/network/proxy-sign-in';

/**
 * A proxy that asks for a password (Chromium raises the app's `login` event for it) is asked
 * of the agent in the window; a server's own sign-in is not Perch's to answer and is refused.
 */
export function askForProxySignIn(signIn: ProxySignIn, log?: ScopedLog): void {
  app.on('login', (event, _webContents, _details, authInfo, callback) => {
    event.preventDefault();
    if (!authInfo.isProxy) {
      callback();
      return;
    }
    log?.info('proxy asks for a password', { host: authInfo.host, port: authInfo.port });
    void signIn.ask({ host: authInfo.host, port: authInfo.port, realm: authInfo.realm ?? '' }).then((credentials) => {
      if (credentials) callback(credentials.username, credentials.password);
      else callback();
    });
  });
}
