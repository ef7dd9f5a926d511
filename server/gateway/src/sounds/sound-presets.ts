/**
 * The 24 notification sounds (SPEC §3/§9: presets audio1 … audio24, default audio1), described as
 * notes rather than shipped as recordings: the gateway synthesises them (./synthesize.ts), so the
 * repository holds no binary audio and every sound is clearly different from the others.
 */
export type Waveform = 'sine' | 'square' | 'triangle' | 'sawtooth';

/** pluck: struck and fading (bells, marimba); flat: held (beeps, alarms); swell: rising then falling. */
export type Envelope = 'pluck' | 'flat' | 'swell';

export interface SoundPreset {
  waveform: Waveform;
  envelope: Envelope;
  /** [frequency in Hz, duration in ms] per note, played in order. */
  notes: ReadonlyArray<readonly [hz: number, ms: number]>;
  /** Silence between notes (ms). */
  gapMs?: number;
  /** Each note glides to this multiple of its frequency (2 = an octave up). */
  glide?: number;
  /** Vibrato rate (Hz), for warbles. */
  vibratoHz?: number;
}

// Equal-tempered pitches used below.
const C4 = 261.63, G4 = 392, B4 = 493.88, C5 = 523.25, D5 = 587.33, E5 = 659.25, G5 = 783.99, A5 = 880, B5 = 987.77;
const C6 = 1046.5, E6 = 1318.51, G6 = 1567.98, A6 = 1760, C7 = 2093;

const repeat = (times: number, notes: ReadonlyArray<readonly [number, number]>) => Array.from({ length: times }, () => notes).flat();

/** audio1 … audio24, in order. */
export const SOUND_PRESETS: readonly SoundPreset[] = [
  { waveform: 'sine', envelope: 'pluck', notes: [[E6, 180], [C6, 420]], gapMs: 20 }, // two-tone chime
  { waveform: 'square', envelope: 'flat', notes: [[A5, 120], [A5, 120]], gapMs: 90 }, // double beep
  { waveform: 'triangle', envelope: 'pluck', notes: [[C5, 140], [E5, 140], [G5, 140], [C6, 320]] }, // rising triad
  { waveform: 'triangle', envelope: 'pluck', notes: [[G5, 140], [E5, 140], [C5, 380]] }, // falling triad
  { waveform: 'sawtooth', envelope: 'flat', notes: [[600, 450], [600, 450]], glide: 2, gapMs: 30 }, // siren
  { waveform: 'sine', envelope: 'pluck', notes: [[A6, 1200]] }, // bell
  { waveform: 'square', envelope: 'flat', notes: repeat(3, [[1200, 70]]), gapMs: 60 }, // triple beep
  { waveform: 'sawtooth', envelope: 'flat', notes: [[220, 600]] }, // buzzer
  { waveform: 'sine', envelope: 'swell', notes: [[400, 500]], glide: 4 }, // rising sweep
  { waveform: 'triangle', envelope: 'swell', notes: [[1600, 500]], glide: 0.25 }, // falling sweep
  { waveform: 'sine', envelope: 'pluck', notes: [[E5, 450], [C5, 750]] }, // doorbell
  { waveform: 'sine', envelope: 'pluck', notes: [[C6, 70], [E6, 70], [G6, 70], [C7, 260]] }, // quick arpeggio
  { waveform: 'square', envelope: 'flat', notes: repeat(4, [[440, 110], [550, 110]]) }, // klaxon
  { waveform: 'triangle', envelope: 'pluck', notes: [[660, 300]], glide: 1.5 }, // pop
  { waveform: 'sine', envelope: 'pluck', notes: [[G4, 160], [B4, 160], [D5, 360]], gapMs: 10 }, // marimba
  { waveform: 'sine', envelope: 'flat', notes: [[1000, 800]], vibratoHz: 12 }, // warble
  { waveform: 'sine', envelope: 'pluck', notes: [[1500, 250], [1500, 250]], gapMs: 300 }, // radar ping
  { waveform: 'sine', envelope: 'pluck', notes: [[G4, 300], [E5, 300], [C5, 500]], gapMs: 40 }, // three-note signature
  { waveform: 'square', envelope: 'flat', notes: repeat(6, [[960, 90], [770, 90]]) }, // urgent alarm
  { waveform: 'triangle', envelope: 'swell', notes: [[300, 380]], glide: 2 }, // bloop
  { waveform: 'square', envelope: 'pluck', notes: [[B5, 90], [E6, 420]] }, // coin
  { waveform: 'sawtooth', envelope: 'flat', notes: [[300, 220], [200, 380]], gapMs: 50 }, // error
  { waveform: 'sine', envelope: 'flat', notes: repeat(5, [[700, 50]]), gapMs: 70 }, // pulse train
  { waveform: 'triangle', envelope: 'swell', notes: [[C4, 150], [G4, 150], [C5, 150], [E5, 150], [G5, 450]] }, // fanfare
];

/** The file name of preset `index` (0-based): audio1.wav … audio24.wav. */
export const soundFileName = (index: number): string => `audio${index + 1}.wav`;
