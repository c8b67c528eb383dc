/**
 * The window's zoom, in percent: the steps browsers use, from 50 % to 200 %. Ctrl+= and Ctrl+-
 * move one step (Cmd on macOS), Ctrl+0 goes back to 100 %; the setting keeps it across restarts.
 */
export const ZOOM_STEPS = [50, 67, 75, 80, 90, 100, 110, 125, 150, 175, 200] as const;
export type ZoomPercent = (typeof ZOOM_STEPS)[number];
export const DEFAULT_ZOOM: ZoomPercent = 100;

export const isZoomPercent = (value: unknown): value is ZoomPercent =>
  typeof value === 'number' && (ZOOM_STEPS as readonly number[]).includes(value);

/** One step in or out from the current zoom, staying within the steps; "reset" is 100 %. */
export function zoomStep(current: number, direction: 'in' | 'out' | 'reset'): ZoomPercent {
  if (direction === 'reset') return DEFAULT_ZOOM;
  if (direction === 'in') return ZOOM_STEPS.find((step) => step > current) ?? ZOOM_STEPS[ZOOM_STEPS.length - 1]!;
  return [...ZOOM_STEPS].reverse().find((step) => step < current) ?? ZOOM_STEPS[0];
}
