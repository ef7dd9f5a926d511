import { WaveFile } from 'wavefile';
import { soundLibrary } from './sound-library';
import { SOUND_PRESETS } from './sound-presets';
import { SAMPLE_RATE, synthesizeWav } from './synthesize';

/** What a browser's audio decoder reads from a WAV header: format, channels, rate, and the length it implies. */
function readWav(bytes: Buffer) {
  expect(bytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
  expect(bytes.subarray(8, 12).toString('latin1')).toBe('WAVE');
  expect(bytes.readUInt32LE(4)).toBe(bytes.length - 8);
  const wav = new WaveFile(bytes);
  const format = wav.fmt as { audioFormat: number; numChannels: number; sampleRate: number; bitsPerSample: number };
  const data = wav.data as { chunkSize: number };
  return { ...format, seconds: data.chunkSize / (format.sampleRate * format.numChannels * (format.bitsPerSample / 8)) };
}

describe('notification sounds', () => {
  const sounds = soundLibrary();

  it('has audio1.wav … audio24.wav, each a valid 16-bit mono PCM WAV', () => {
    expect([...sounds.keys()]).toEqual(Array.from({ length: 24 }, (_, index) => `audio${index + 1}.wav`));
    for (const { bytes } of sounds.values()) {
      expect(readWav(bytes)).toMatchObject({ audioFormat: 1, numChannels: 1, sampleRate: SAMPLE_RATE, bitsPerSample: 16 });
    }
  });

  it('keeps every sound short (0.3 to 1.5 s) and small', () => {
    for (const [name, { bytes }] of sounds) {
      const { seconds } = readWav(bytes);
      expect({ name, short: seconds >= 0.3 && seconds <= 1.5 }).toEqual({ name, short: true });
      expect(bytes.length).toBeLessThan(50_000);
    }
  });

  it('makes 24 different sounds, not silence', () => {
    expect(new Set([...sounds.values()].map((sound) => sound.hash)).size).toBe(24);
    for (const { bytes } of sounds.values()) {
      const samples = new Int16Array(bytes.buffer.slice(bytes.byteOffset + 44, bytes.byteOffset + bytes.length));
      expect(Math.max(...samples.map(Math.abs))).toBeGreaterThan(8000);
    }
  });

  it('synthesises the same bytes every time, so the ETag is stable across gateways', () => {
    const again = synthesizeWav(SOUND_PRESETS[0] ?? { waveform: 'sine', envelope: 'flat', notes: [] });
    expect(again.equals(sounds.get('audio1.wav')?.bytes ?? Buffer.alloc(0))).toBe(true);
  });
});
