import { app } from 'electron';
import type { ScopedLog } from '../core/ports';
import type { ProxySignIn } from '../core/network/proxy-sign-in';
import type { LoginAnswer } from './net-transport';

/**
 * A proxy that asks for a password (Chromium's `login` event) is asked of the agent in the
 * window; a server's own sign-in is not Perch's to answer and is cancelled. One answer serves
 * the core's requests, the updater's and the app's own.
 */
export function proxyLoginAnswer(signIn: ProxySignIn, log?: ScopedLog): LoginAnswer {
  return (authInfo, callback) => {
    if (!authInfo.isProxy) return callback();
    const proxy = { host: authInfo.host, port: authInfo.port };
    if (signIn.recentlyDeclined(proxy)) return callback();
    log?.info('proxy asks for a password', { ...proxy, scheme: authInfo.scheme });
    void signIn.ask({ ...proxy, realm: authInfo.realm ?? '', scheme: authInfo.scheme }).then((credentials) => {
      if (credentials) callback(credentials.username, credentials.password);
      else callback();
    });
  };
}

/** The app-wide `login` event (the window's own loads), answered the same way. */
export function askForProxySignIn(answer: LoginAnswer): void {
  app.on('login', (event, _webContents, _details, authInfo, callback) => {
    event.preventDefault();
    answer(authInfo, callback);
  });
}
