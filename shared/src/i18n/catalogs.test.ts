/**
 * @jest-environment node
 */
import fs from 'node:fs';
import path from 'node:path';
import { supportedLanguages } from './language';

/**
 * Every catalog of every package — this one and any `src/**\/locales` folder a package adds — must
 * have the same keys in pt-BR, es and en-US: a key missing in one language shows its marker there.
 */

// The repository's top level, where each front-end app sits in a folder of its own.
const packagesDir = path.resolve(__dirname, '../../..');

function localeFolders(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (!entry.isDirectory() || entry.name === 'node_modules') return [];
    const full = path.join(dir, entry.name);
    return entry.name === 'locales' ? [full] : localeFolders(full);
  });
}

function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix.slice(0, -1)];
  return Object.entries(value).flatMap(([key, child]) => keysOf(child, `${prefix}${key}.`));
}

function valuesOf(value: unknown, prefix = ''): Array<[string, unknown]> {
  if (typeof value !== 'object' || value === null) return [[prefix.slice(0, -1), value]];
  return Object.entries(value).flatMap(([key, child]) => valuesOf(child, `${prefix}${key}.`));
}

/** The one exported catalog object of a locale file. */
function catalogIn(file: string): unknown {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- found at run time, and describe.each needs them synchronously
  const module = require(file) as Record<string, unknown>;
  const exported = Object.values(module).filter((value) => typeof value === 'object' && value !== null);
  if (exported.length !== 1) throw new Error(`${file} must export exactly one catalog`);
  return exported[0];
}

const folders = fs
  .readdirSync(packagesDir)
  .flatMap((name) => localeFolders(path.join(packagesDir, name, 'src')))
  .map((folder) => ({
    folder: path.relative(packagesDir, folder),
    catalogs: Object.fromEntries(supportedLanguages.map((language) => [language, catalogIn(path.join(folder, `${language}.ts`))])),
  }));

describe('translation catalogs', () => {
  it('are found (at least the shared one)', () => {
    expect(folders.map((entry) => entry.folder)).toContain(path.join('shared', 'src', 'i18n', 'locales'));
  });

  describe.each(folders)('$folder', ({ catalogs }) => {
    const allKeys = [...new Set(supportedLanguages.flatMap((language) => keysOf(catalogs[language])))].sort();

    it.each(supportedLanguages)('%s has every key the other languages have', (language) => {
      const own = new Set(keysOf(catalogs[language]));
      expect(allKeys.filter((key) => !own.has(key))).toEqual([]);
    });

    it.each(supportedLanguages)('%s has no empty text and keeps every {{placeholder}}', (language) => {
      const reference = new Map(valuesOf(catalogs['pt-BR']));
      const problems = valuesOf(catalogs[language]).flatMap(([key, text]) => {
        if (typeof text !== 'string' || text.trim() === '') return [`${key}: empty`];
        const placeholders = (value: unknown) => (typeof value === 'string' ? (value.match(/{{\w+}}/g) ?? []).sort().join() : '');
        return placeholders(text) === placeholders(reference.get(key)) ? [] : [`${key}: placeholders differ from pt-BR`];
      });
      expect(problems).toEqual([]);
    });
  });
});
