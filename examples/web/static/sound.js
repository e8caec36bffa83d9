// The game's sounds, made with the Web Audio API (no audio files): a few short tones each.

/** Each sound: the oscillator's wave and its notes, `[frequency (Hz), start (s), length (s)]`. */
export const SOUNDS = {
  move: { wave: 'sine', notes: [[520, 0, 0.07]] },
  capture: { wave: 'triangle', notes: [[330, 0, 0.05], [220, 0.05, 0.1]] },
  castle: { wave: 'sine', notes: [[440, 0, 0.06], [520, 0.09, 0.07]] },
  promotion: { wave: 'sine', notes: [[523, 0, 0.08], [659, 0.08, 0.08], [784, 0.16, 0.14]] },
  check: { wave: 'square', notes: [[880, 0, 0.07], [880, 0.12, 0.07]] },
  end: { wave: 'sine', notes: [[392, 0, 0.15], [523, 0.15, 0.15], [659, 0.3, 0.35]] },
};

/** How loud a note starts (it fades out over its length). */
const VOLUME = 0.15;

/** The audio context, made at the first sound (browsers let it play once the user has used the page). */
let context = null;

/** Plays the sound `name` (a key of `SOUNDS`); silent in a browser without Web Audio. */
export function playSound(name) {
  if (!window.AudioContext) return;
  context ??= new AudioContext();
  if (context.state === 'suspended') context.resume();
  const { wave, notes } = SOUNDS[name];
  const now = context.currentTime;
  for (const [frequency, start, length] of notes) {
    const oscillator = context.createOscillator();
    oscillator.type = wave;
    oscillator.frequency.value = frequency;
    const gain = context.createGain();
    gain.gain.setValueAtTime(VOLUME, now + start);
    gain.gain.exponentialRampToValueAtTime(0.001, now + start + length);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(now + start);
    oscillator.stop(now + start + length);
  }
}
