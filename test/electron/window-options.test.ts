import { describe, expect, it } from 'vitest';
import { APP_ORIGIN, isAppUrl, mainWindowOptions } from '../../src/main/electron/window-options';

describe('main window options', () => {
  const options = mainWindowOptions('/app/out/preload/index.cjs');
  const prefs = options.webPreferences!;

  it('isolates and sandboxes the renderer with no Node', () => {
    expect(prefs.contextIsolation).toBe(true);
    expect(prefs.sandbox).toBe(true);
    expect(prefs.nodeIntegration).toBe(false);
    expect(prefs.nodeIntegrationInWorker).toBe(false);
    expect(prefs.nodeIntegrationInSubFrames).toBe(false);
  });

  it('keeps web security on and dangerous features off', () => {
    expect(prefs.webSecurity).toBe(true);
    expect(prefs.allowRunningInsecureContent).toBe(false);
    expect(prefs.experimentalFeatures).toBe(false);
    expect(prefs.webviewTag).toBe(false);
    expect(prefs.navigateOnDragDrop).toBe(false);
  });

  it('loads the CommonJS preload and starts hidden until ready', () => {
    expect(prefs.preload).toBe('/app/out/preload/index.cjs');
    expect(options.show).toBe(false);
  });
});

describe('app URL check', () => {
  it('accepts only Perch pages', () => {
    expect(isAppUrl(`${APP_ORIGIN}/index.html`)).toBe(true);
    expect(isAppUrl('perch://evil/index.html')).toBe(false);
    expect(isAppUrl('perch://open/demo/42')).toBe(false);
    expect(isAppUrl('https://example.com/')).toBe(false);
    expect(isAppUrl('file:///etc/passwd')).toBe(false);
    expect(isAppUrl('not a url')).toBe(false);
    expect(isAppUrl('http://localhost:5173/', 'http://localhost:5173')).toBe(true);
    expect(isAppUrl('http://localhost:5174/', 'http://localhost:5173')).toBe(false);
  });
});
