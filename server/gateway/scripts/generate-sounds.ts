// Writes the 24 notification sounds the gateway serves (audio1.wav … audio24.wav) into a folder,
// to listen to them or to host them elsewhere. The gateway itself needs no files: it synthesises
// the same bytes in memory (src/sounds/).
//   pnpm --filter @rastro/gateway sounds [folder]      (default: ./sounds)
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { soundLibrary } from '../src/sounds/sound-library';

async function main(): Promise<void> {
  const folder = path.resolve(process.argv[2] ?? 'sounds');
  await mkdir(folder, { recursive: true });
  for (const [name, sound] of soundLibrary()) await writeFile(path.join(folder, name), sound.bytes);
  console.log(`Wrote ${soundLibrary().size} sounds to ${folder}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
