// Every package's unit tests in one run.
const fs = require('node:fs');
const path = require('node:path');

const packages = fs
  .readdirSync(path.join(__dirname, 'packages'))
  .map((name) => path.join(__dirname, 'packages', name))
  .filter((dir) => fs.existsSync(path.join(dir, 'jest.config.cjs')));

// testTimeout is a global option: in a multi-project run Jest ignores the projects' own value, so
// the preset's allowance for integration tests (real servers on a busy machine) is repeated here.
module.exports = { projects: packages, testTimeout: 30_000 };
