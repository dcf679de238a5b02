import { SOUND_COUNT } from './toastOptions';

interface Tone {
  /** Hz */
  frequency: number;
  /** seconds from the start */
  start: number;
  /** seconds */
  duration: number;
  wave: OscillatorType;
}

const WAVES: OscillatorType[] = ['sine', 'triangle', 'square', 'sawtooth'];
const ROOTS = [523.25, 659.25, 783.99];
const SHAPES: ((step: number, count: number) => number)[] = [
  () => 1,
  (step) => 2 ** (step / 4),
  (step, count) => 2 ** ((count - 1 - step) / 4),
  (step) => (step % 2 ? 1.5 : 1),
];

/**
 * The 24 built-in sounds, synthesized rather than downloaded: sound n combines a waveform, a
 * root note and a melodic shape, so no two share a pattern. `audio1` is a soft double beep.
 */
export const soundPattern = (index: number): Tone[] => {
  const n = Math.min(Math.max(Math.round(index), 1), SOUND_COUNT) - 1;
  const wave = WAVES[n % WAVES.length];
  const root = ROOTS[Math.floor(n / WAVES.length) % ROOTS.length];
  const shape = SHAPES[Math.floor(n / (WAVES.length * ROOTS.length)) % SHAPES.length];
  const count = 2 + (n % 3);
  const duration = n % 2 ? 0.09 : 0.14;
  return Array.from({ length: count }, (_, step) => ({
    frequency: Math.round(root * shape(step, count) * 100) / 100,
    start: step * (duration + 0.05),
    duration,
    wave,
  }));
};
