import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import {
  isEventChannel,
  isInvokeChannel,
  wireName,
  type EventChannel,
  type IpcResult,
  type PerchBridge,
} from '../shared/ipc/contract';

/**
 * The renderer's only door to the main process: the typed contract, nothing else. No raw
 * ipcRenderer, no Node; unknown channels are refused here and again in main.
 */
const bridge: PerchBridge = {
  invoke(channel, ...args) {
    if (!isInvokeChannel(channel)) {
      return Promise.resolve({
        ok: false,
        error: { code: 'invalid-arguments', message: 'Unknown channel' },
      } as IpcResult<never>);
    }
    return ipcRenderer.invoke(wireName(channel), ...args) as Promise<never>;
  },
  on(event, listener) {
    if (!isEventChannel(event)) throw new Error('Unknown event');
    const name = wireName(event as EventChannel);
    const wrapped = (_event: IpcRendererEvent, payload: unknown) => (listener as (payload: unknown) => void)(payload);
    ipcRenderer.on(name, wrapped);
    return () => {
      ipcRenderer.removeListener(name, wrapped);
    };
  },
};

contextBridge.exposeInMainWorld('perch', bridge);
