import type { PerchBridge } from '../../shared/ipc/contract';

/**
 * The renderer's one door to main: the contract's bridge, set once when the store connects
 * (`connect` in `store/`). Only the store and the features' slices call it;
 * components reach main through their actions (the lint forbids a component importing this).
 */
let api: PerchBridge | null = null;

export function setMainApi(bridge: PerchBridge): void {
  api = bridge;
}

/** Main's contract, or null before the store has connected. */
export function mainApi(): PerchBridge | null {
  return api;
}

/**
 * Whether the host zooms the window itself: Electron's main does (webContents.setZoomFactor
 * from the settings); a browser tab is zoomed by the page, with CSS.
 */
export function hostZoomsWindow(): boolean {
  return (window as { perch?: unknown }).perch !== undefined;
}
