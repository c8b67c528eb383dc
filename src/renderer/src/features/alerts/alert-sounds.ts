import type { AlertSound } from '../../../../shared/alerts';

/** One audio element per sound, loaded on first use and reused after. */
const players = new Map<AlertSound, HTMLAudioElement>();

/**
 * Plays one of Perch's sounds (public/sounds/, made by scripts/make-sounds.mjs) at a volume of
 * 0–100: what main asks for with `alerts:sound`, and the Settings screen's preview. A sound
 * asked for again while playing starts over rather than overlapping itself.
 */
export function playAlertSound(sound: AlertSound, volume: number): void {
  let player = players.get(sound);
  if (!player) {
    player = new Audio(`sounds/${sound}.wav`);
    player.preload = 'auto';
    players.set(sound, player);
  }
  player.volume = Math.max(0, Math.min(100, volume)) / 100;
  player.currentTime = 0;
  // A page that may not play sound yet (a browser before any click) stays silent rather than failing.
  void player.play().catch(() => {});
}
