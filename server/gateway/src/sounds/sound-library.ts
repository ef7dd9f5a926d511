import { createHash } from 'node:crypto';
import { SOUND_PRESETS, soundFileName } from './sound-presets';
import { synthesizeWav } from './synthesize';

export interface SoundFile {
  bytes: Buffer;
  /** Content hash, the file's ETag. */
  hash: string;
}

let library: ReadonlyMap<string, SoundFile> | undefined;

/**
 * Every notification sound by file name (audio1.wav …), synthesised on first use and then kept in
 * memory (about 0.6 MB): nothing binary in the repository, nothing written to disk.
 */
export function soundLibrary(): ReadonlyMap<string, SoundFile> {
  library ??= new Map(
    SOUND_PRESETS.map((preset, index) => {
      const bytes = synthesizeWav(preset);
      return [soundFileName(index), { bytes, hash: createHash('sha256').update(bytes).digest('hex').slice(0, 16) }];
    }),
  );
  return library;
}
