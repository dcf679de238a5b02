import { soundPattern } from './soundPattern';
import type { ToastSound } from './toastOptions';

let context: AudioContext | null = null;

const audioContext = (): AudioContext | null => {
  if (typeof window === 'undefined' || typeof window.AudioContext !== 'function') return null;
  context ??= new window.AudioContext();
  return context;
};

/** Plays a built-in tone pattern with the Web Audio API: nothing is downloaded. */
const playBuiltin = (index: number): void => {
  const ctx = audioContext();
  if (!ctx) return;
  void ctx.resume().catch(() => undefined);
  const start = ctx.currentTime + 0.02;
  soundPattern(index).forEach((tone) => {
    const oscillator = ctx.createOscillator();
    const gain = ctx.createGain();
    oscillator.type = tone.wave;
    oscillator.frequency.value = tone.frequency;
    const at = start + tone.start;
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.2, at + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + tone.duration);
    oscillator.connect(gain).connect(ctx.destination);
    oscillator.start(at);
    oscillator.stop(at + tone.duration + 0.02);
  });
};

/** The notification's sound; browsers may refuse before a user gesture, which is fine. */
export const playSound = (sound: ToastSound): void => {
  try {
    if (sound.kind === 'builtin') playBuiltin(sound.index);
    else if (sound.kind === 'url') void new Audio(sound.url).play().catch(() => undefined);
  } catch (error) {
    console.info('notifications: sound not played', error);
  }
};

export const soundName = (sound: ToastSound): string =>
  sound.kind === 'builtin' ? `audio${sound.index}` : sound.kind === 'url' ? 'custom' : 'mute';
