import type { PerchBridge } from '../../../../shared/ipc/contract';
import { createWebSocketBridge } from './websocket-bridge';

declare global {
  interface Window {
    /** Set by the Electron preload; absent when the renderer runs in a browser. */
    perch?: PerchBridge;
  }
}

/** The preload's bridge inside Electron, otherwise the browser host's WebSocket. */
export function connectBridge(): PerchBridge {
  if (window.perch) return window.perch;
  const session = new URLSearchParams(window.location.search).get('session') ?? '';
  const protocol = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return createWebSocketBridge(`${protocol}//${window.location.host}/ipc?session=${encodeURIComponent(session)}`);
}
