import { WaveFile } from 'wavefile';
import type { Envelope, SoundPreset, Waveform } from './sound-presets';

/** Enough for notification tones up to ~7 kHz, and small: 32 KB per second, 16-bit mono. */
export const SAMPLE_RATE = 16_000;
const VOLUME = 0.6;
const EDGE_MS = 5;

const oscillators: Record<Waveform, (phase: number) => number> = {
  sine: (phase) => Math.sin(2 * Math.PI * phase),
  // Square and sawtooth are loud for their amplitude: halved to sit beside the sine sounds.
  square: (phase) => (phase < 0.5 ? 0.5 : -0.5),
  triangle: (phase) => 1 - 4 * Math.abs(phase - 0.5),
  sawtooth: (phase) => phase - 0.5,
};

/** Gain at `t` (0…1 through the note); short linear edges so no note starts or ends with a click. */
function gain(envelope: Envelope, t: number, edge: number): number {
  const edges = Math.min(1, t / edge, (1 - t) / edge);
  if (envelope === 'pluck') return Math.min(1, t / edge) * Math.exp(-5 * t) * Math.min(1, (1 - t) / edge);
  if (envelope === 'swell') return Math.sin(Math.PI * t);
  return edges;
}

/** One preset as samples in -1…1. */
export function renderSamples(preset: SoundPreset): Float64Array {
  const samples: number[] = [];
  const gap = Math.round(((preset.gapMs ?? 0) / 1000) * SAMPLE_RATE);
  preset.notes.forEach(([hz, ms], index) => {
    const length = Math.round((ms / 1000) * SAMPLE_RATE);
    const edge = Math.min(0.5, EDGE_MS / ms);
    let phase = 0;
    for (let i = 0; i < length; i++) {
      const t = i / length;
      // Exponential glide: equal musical steps per unit of time.
      let frequency = hz * (preset.glide ?? 1) ** t;
      if (preset.vibratoHz) frequency *= 1 + 0.04 * Math.sin((2 * Math.PI * preset.vibratoHz * i) / SAMPLE_RATE);
      phase = (phase + frequency / SAMPLE_RATE) % 1;
      samples.push(VOLUME * gain(preset.envelope, t, edge) * oscillators[preset.waveform](phase));
    }
    if (index < preset.notes.length - 1) for (let i = 0; i < gap; i++) samples.push(0);
  });
  return Float64Array.from(samples);
}

/** One preset as a 16-bit mono PCM WAV file. */
export function synthesizeWav(preset: SoundPreset): Buffer {
  const pcm = Int16Array.from(renderSamples(preset), (sample) => Math.round(Math.max(-1, Math.min(1, sample)) * 32767));
  const wav = new WaveFile();
  wav.fromScratch(1, SAMPLE_RATE, '16', pcm);
  return Buffer.from(wav.toBuffer());
}
