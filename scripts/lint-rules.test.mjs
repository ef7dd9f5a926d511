// The lint rules that keep the architecture (eslint.config.mjs) shown to bite: in-memory files with
// a forbidden import must be refused and their allowed neighbours accepted. Run by `pnpm run lint`.
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const eslint = new ESLint({ cwd: root });
const RULES = new Set(['@typescript-eslint/no-restricted-imports', 'no-restricted-syntax']);

/** The architecture rules' complaints about `code` as if it were the file at `file`. */
async function complaints(file, code) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.filter((message) => RULES.has(message.ruleId)).map((message) => message.message);
}

const refused = [
  ['a remote importing another remote', 'mf-map/src/map/x.ts', "import { a } from '@rastro/mf-fleet';"],
  ['a remote reaching into another remote by path', 'mf-map/src/map/x.ts', "import '../../../mf-fleet/src/devices/DevicesArea';"],
  ['a remote importing another remote through federation', 'mf-fleet/src/x.ts', "import map from 'mf_map/map';"],
  ['a remote importing the shell', 'mf-fleet/src/x.ts', "import { a } from '@rastro/shell';"],
  ['shared importing an app', 'shared/src/x.ts', "import { a } from '@rastro/shell';"],
  ['shared reaching into an app by path', 'shared/src/stores/x.ts', "import '../../../mf-map/src/index';"],
  ['shared importing a server', 'shared/src/x.ts', "import { a } from '@rastro/gateway';"],
  ['the tracker importing shared', 'server/tracker/src/x.ts', "import { a } from '@rastro/shared/contract';"],
  ['the tracker reaching into the gateway by path', 'server/tracker/src/x.ts', "import { a } from '../../gateway/src/gateway';"],
  ['the database seam importing a product package', 'server/db/src/x.ts', "import { a } from '@rastro/tracker';"],
  ['the gateway importing the browser half of shared', 'server/gateway/src/x.ts', "import { a } from '@rastro/shared';"],
  ['browser code importing a server', 'shell/src/x.ts', "import { startTracker } from '@rastro/tracker';"],
  ['browser code reaching into a server by path', 'mf-admin/src/x.ts', "import { a } from '../../server/gateway/src/gateway';"],
  ['browser code importing a Node built-in', 'shell/src/x.ts', "import fs from 'node:fs';"],
  ['browser code importing a Node built-in subpath', 'shared/src/x.ts', "import { readFile } from 'node:fs/promises';"],
  ['browser code importing a Node built-in without its prefix', 'mf-map/src/x.ts', "import path from 'path';"],
  ["a package's internals", 'mf-fleet/src/x.ts', "import { a } from '@rastro/shared/src/stores/devices';"],
  ['an emoji as an icon', 'shell/src/x.tsx', 'export const A = () => <button aria-label="mute">🔇</button>;'],
  ['a glyph as an icon in a string', 'mf-fleet/src/x.tsx', "export const close = '✕';"],
];

const accepted = [
  ['a remote importing shared', 'mf-map/src/map/x.ts', "import { bus } from '@rastro/shared';"],
  ['a remote importing its own folder named like a server', 'mf-admin/src/x/y.ts', "import { a } from '../server/ServerInfoArea';"],
  ['a remote test reading a file on Node', 'mf-map/src/x.test.ts', "import fs from 'node:fs';"],
  ['the tracker importing the database seam', 'server/tracker/src/x.ts', "import { a } from '@rastro/db';"],
  ["the gateway importing shared's server-safe part", 'server/gateway/src/x.ts', "import { a } from '@rastro/shared/contract';"],
  ['the gateway importing the tracker (its tests start one)', 'server/gateway/src/x.test.ts', "import { startTracker } from '@rastro/tracker';"],
  ['text with typographic punctuation', 'shell/src/x.tsx', 'export const A = () => <span>Versão 1.14 — 10 km² · 90° …</span>;'],
];

for (const [what, file, code] of refused) {
  test(`refuses ${what}`, async () => {
    assert.notDeepEqual(await complaints(file, code), [], `${file}: ${code}`);
  });
}

for (const [what, file, code] of accepted) {
  test(`accepts ${what}`, async () => {
    assert.deepEqual(await complaints(file, code), [], `${file}: ${code}`);
  });
}
