import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import QRCode from 'qrcode';

const WIDTH = 640;
const HEIGHT = 480;

/**
 * A still camera picture of a QR code holding `text`, as the .y4m file Chromium's fake camera
 * (`--use-file-for-fake-video-capture`) plays in a loop: one 4:2:0 frame, black modules on white,
 * grey chroma.
 */
export function qrCodeVideo(text: string): string {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const quiet = 4;
  const scale = Math.floor(Math.min(WIDTH, HEIGHT) / (modules.size + 2 * quiet));
  const left = Math.floor((WIDTH - modules.size * scale) / 2);
  const top = Math.floor((HEIGHT - modules.size * scale) / 2);
  const luma = Buffer.alloc(WIDTH * HEIGHT, 235);
  for (let row = 0; row < modules.size; row++) {
    for (let column = 0; column < modules.size; column++) {
      if (!modules.get(row, column)) continue;
      for (let y = 0; y < scale; y++) luma.fill(16, (top + row * scale + y) * WIDTH + left + column * scale, (top + row * scale + y) * WIDTH + left + (column + 1) * scale);
    }
  }
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128);
  const file = join(mkdtempSync(join(tmpdir(), 'rastro-camera-')), 'qr.y4m');
  writeFileSync(file, Buffer.concat([Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\nFRAME\n`), luma, chroma]));
  return file;
}
