// Synthesises Perch's alert sounds as WAV files in src/renderer/public/sounds/
// (run: node scripts/make-sounds.mjs). Each is a few sine partials under an envelope:
// nothing sampled, so they are Perch's own (see the README beside them).
import { mkdirSync, writeFileSync } from 'node:fs';

const RATE = 22050;

/** 16-bit mono PCM in a RIFF/WAVE container. */
function wav(samples) {
  const data = Buffer.alloc(samples.length * 2);
  samples.forEach((s, i) => data.writeInt16LE(Math.round(Math.max(-1, Math.min(1, s)) * 32767), i * 2));
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(RATE, 24);
  header.writeUInt32LE(RATE * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/**
 * One note: partials [frequency ratio, gain] of `hz`, a short attack (no click) and an
 * exponential decay of `decay` seconds, starting at `at` seconds into the sound.
 */
function note(out, { at = 0, hz, partials = [[1, 1]], decay, gain = 0.5, glide = 0 }) {
  const start = Math.round(at * RATE);
  const attack = 0.005 * RATE;
  let phase = partials.map(() => 0);
  for (let i = 0; start + i < out.length; i++) {
    const t = i / RATE;
    const envelope = Math.min(1, i / attack) * Math.exp(-t / decay);
    if (envelope < 1e-4 && i > attack) break;
    const f = hz * (1 + glide * t);
    let v = 0;
    partials.forEach(([ratio, g], k) => {
      phase[k] += (2 * Math.PI * f * ratio) / RATE;
      v += g * Math.sin(phase[k]);
    });
    out[start + i] += gain * envelope * v;
  }
}

const SOUNDS = {
  // Two rising notes, bright and light: a new conversation.
  chime: (out) => {
    note(out, {
      hz: 880,
      partials: [
        [1, 1],
        [2, 0.25],
      ],
      decay: 0.12,
      gain: 0.35,
    });
    note(out, {
      at: 0.11,
      hz: 1318.5,
      partials: [
        [1, 1],
        [2, 0.2],
      ],
      decay: 0.2,
      gain: 0.35,
    });
  },
  // One short drop in pitch: a message in a conversation.
  pop: (out) =>
    note(out, {
      hz: 720,
      partials: [
        [1, 1],
        [1.5, 0.15],
      ],
      decay: 0.05,
      gain: 0.6,
      glide: -2.5,
    }),
  // A struck bell's inharmonic partials, ringing out: assigned to you.
  bell: (out) =>
    note(out, {
      hz: 660,
      partials: [
        [1, 1],
        [2.76, 0.45],
        [5.4, 0.2],
        [8.93, 0.08],
      ],
      decay: 0.3,
      gain: 0.3,
    }),
  // Two low, soft taps.
  knock: (out) => {
    note(out, {
      hz: 190,
      partials: [
        [1, 1],
        [2.3, 0.3],
      ],
      decay: 0.035,
      gain: 0.8,
      glide: -1.5,
    });
    note(out, {
      at: 0.14,
      hz: 180,
      partials: [
        [1, 1],
        [2.3, 0.3],
      ],
      decay: 0.035,
      gain: 0.8,
      glide: -1.5,
    });
  },
};

const dir = new URL('../src/renderer/public/sounds/', import.meta.url);
mkdirSync(dir, { recursive: true });
for (const [name, draw] of Object.entries(SOUNDS)) {
  const out = new Float64Array(Math.round(RATE * 1.2));
  draw(out);
  // A 60 ms fade at the very end, so nothing stops with a click.
  const fade = Math.round(0.06 * RATE);
  for (let i = 0; i < fade; i++) out[out.length - 1 - i] *= i / fade;
  // Trim the silent tail, keeping 20 ms after the last audible sample.
  let end = out.length;
  while (end > 0 && Math.abs(out[end - 1]) < 1e-3) end--;
  const samples = out.subarray(0, Math.min(out.length, end + Math.round(0.02 * RATE)));
  writeFileSync(new URL(`${name}.wav`, dir), wav(samples));
  console.log(`${name}.wav: ${(samples.length / RATE).toFixed(2)} s`);
}
