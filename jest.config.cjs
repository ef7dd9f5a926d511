// Every package's unit tests in one run.
const fs = require('node:fs');
const path = require('node:path');

const packages = fs
  .readdirSync(path.join(__dirname, 'packages'))
  .map((name) => path.join(__dirname, 'packages', name))
  .filter((dir) => fs.existsSync(path.join(dir, 'jest.config.cjs')));

module.exports = { projects: packages };
