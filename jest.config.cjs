// Every package's unit tests in one run.
const fs = require('node:fs');
const path = require('node:path');

// The workspace's packages: the front-end apps at the top level, the servers under server/.
const packageDirs = [
  ...fs.readdirSync(__dirname).map((name) => path.join(__dirname, name)),
  ...fs.readdirSync(path.join(__dirname, 'server')).map((name) => path.join(__dirname, 'server', name)),
];
const packages = packageDirs.filter((dir) => fs.existsSync(path.join(dir, 'jest.config.cjs')) && dir !== __dirname);

// testTimeout is a global option: in a multi-project run Jest ignores the projects' own value, so
// the preset's allowance for integration tests (real servers on a busy machine) is repeated here.
// testSequencer, global too: the slowest suites first (see jest.sequencer.cjs).
module.exports = { projects: packages, testTimeout: 60_000, testSequencer: path.join(__dirname, 'jest.sequencer.cjs') };
