import { Emitter } from '../../../../shared/emitter';
import type { EventMap, IpcResult, PerchBridge } from '../../../../shared/ipc/contract';
import { reportPageSight } from './page-sight';

type ServerMessage =
  | { type: 'result'; id: number; result: IpcResult<unknown> }
  | { type: 'event'; event: keyof EventMap; payload: unknown }
  | { type: 'reload' };

/**
 * The IPC contract over a WebSocket to the browser host: the same calls and events the
 * Electron preload offers, so the renderer cannot tell which one it runs on. Beside the
 * contract it says whether the page is shown and focused (what Electron's main sees of its
 * window for itself).
 */
export function createWebSocketBridge(url: string): PerchBridge {
  const events = new Emitter<EventMap>();
  const pending = new Map<number, (result: IpcResult<unknown>) => void>();
  const queue: string[] = [];
  let nextId = 1;
  const socket = new WebSocket(url);
  const send = (message: string) => {
    if (socket.readyState === WebSocket.OPEN) socket.send(message);
    else if (socket.readyState === WebSocket.CONNECTING) queue.push(message);
  };
  reportPageSight((sight) => send(JSON.stringify({ type: 'page', ...sight })));

  socket.addEventListener('open', () => {
    for (const message of queue.splice(0)) socket.send(message);
  });
  socket.addEventListener('message', (event) => {
    let message: ServerMessage;
    try {
      message = JSON.parse(String(event.data)) as ServerMessage;
    } catch {
      return;
    }
    if (message.type === 'result') {
      pending.get(message.id)?.(message.result);
      pending.delete(message.id);
    } else if (message.type === 'event') {
      events.emit(message.event, message.payload as never);
    } else if (message.type === 'reload') {
      // Events were dropped while the page was not ready: it reads everything afresh.
      location.reload();
    }
  });
  socket.addEventListener('close', () => {
    for (const resolve of pending.values())
      resolve({ ok: false, error: { code: 'offline', message: 'The connection to Perch was lost' } });
    pending.clear();
  });

  return {
    invoke(channel, ...args) {
      const id = nextId++;
      const message = JSON.stringify({ type: 'invoke', id, channel, args });
      return new Promise((resolve) => {
        pending.set(id, resolve as (result: IpcResult<unknown>) => void);
        if (socket.readyState === WebSocket.OPEN) socket.send(message);
        else queue.push(message);
      });
    },
    on(event, listener) {
      return events.on(event, listener);
    },
  };
}
