/**
 * @jest-environment node
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import webpack from 'webpack';

interface SizeReportModule {
  InitialSizeReportPlugin: new (options: { report: (line: string) => void; budgetBytes?: number; alsoChunkNames?: string[] }) => webpack.WebpackPluginInstance;
}
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the build's own plugin, plain CommonJS beside webpack.config.cjs
const { InitialSizeReportPlugin } = require('../../initial-size-report.cjs') as SizeReportModule;

/** A tiny app shaped like the shell: an entry that draws the login and loads the big app after it. */
function writeApp(dir: string): void {
  fs.writeFileSync(path.join(dir, 'entry.js'), "document.title = 'login';\ndocument.addEventListener('click', () => import('./later'));\n");
  // Incompressible, so its absence from the report is plain in the numbers too.
  const noise = Array.from({ length: 4000 }, (_, index) => ((index * 2654435761) >>> 0).toString(36)).join('');
  fs.writeFileSync(path.join(dir, 'later.js'), `export const mapLibrary = '${noise}';\n`);
}

function build(dir: string, report: (line: string) => void, budgetBytes?: number, alsoChunkNames?: string[]): Promise<void> {
  const compiler = webpack({
    mode: 'production',
    context: dir,
    entry: { main: './entry.js' },
    output: { path: path.join(dir, 'dist'), filename: '[name].js', chunkFilename: '[name].chunk.js' },
    optimization: { minimize: false, chunkIds: 'named' },
    infrastructureLogging: { level: 'none' },
    plugins: [new InitialSizeReportPlugin({ report, budgetBytes, alsoChunkNames })],
  });
  return new Promise((resolve, reject) =>
    compiler.run((error, stats) => {
      compiler.close(() => undefined);
      if (error || stats?.hasErrors()) reject(error ?? new Error(stats?.toString('errors-only')));
      else resolve();
    }),
  );
}

describe('the shell build reports its initial JavaScript size (issue 5)', () => {
  it('counts the entry, compressed, and not what loads later (the app after sign-in)', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rastro-size-'));
    try {
      writeApp(dir);
      const lines: string[] = [];
      await build(dir, (line) => lines.push(line));
      expect(lines).toHaveLength(1);
      const match = /^\[rastro\] shell initial JavaScript \(login screen\): (\d+) files, ([\d.]+) KiB minified, ([\d.]+) KiB gzip$/.exec(lines[0]!);
      expect(match).not.toBeNull();
      const [, files, raw, gzip] = match!.map(Number);
      expect(files).toBe(1);
      const onDisk = (name: string) => fs.statSync(path.join(dir, 'dist', name)).size / 1024;
      expect(raw).toBeCloseTo(onDisk('main.js'), 1);
      expect(gzip).toBeLessThan(raw!);
      // The later screen is bigger than the whole start, and none of it is counted.
      expect(onDisk('later_js.chunk.js')).toBeGreaterThan(raw!);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('fails the build when the initial JavaScript is over its budget, naming the files', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rastro-size-'));
    try {
      writeApp(dir);
      await expect(build(dir, () => undefined, 100)).rejects.toThrow(/initial JavaScript is [\d.]+ KB gzip, over its budget of 0\.1 KB .*main\.js/);
      await expect(build(dir, () => undefined, 100_000)).resolves.toBeUndefined();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('also counts the named chunks the start fetches itself (the reader\'s language catalog)', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rastro-size-'));
    try {
      writeApp(dir);
      fs.appendFileSync(path.join(dir, 'entry.js'), "import(/* webpackChunkName: \"words\" */ './words');\n");
      fs.writeFileSync(path.join(dir, 'words.js'), "export const words = { signIn: 'Entrar' };\n");
      const files = async (alsoChunkNames?: string[]) => {
        const lines: string[] = [];
        await build(dir, (line) => lines.push(line), undefined, alsoChunkNames);
        return Number(/: (\d+) files/.exec(lines[0]!)![1]);
      };
      expect(await files()).toBe(1);
      expect(await files(['words'])).toBe(2);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
