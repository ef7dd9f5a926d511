// Slowest suites first. Without Jest's timing cache (a fresh clone, as in CI) the default order is
// by file size, so a 90 s suite could start last and leave the other worker idle at the end; the
// suites below, measured as the slowest, start first (in this order), then the other integration
// suites (real servers), then the rest in Jest's own order (its cache, else file size).
const path = require('node:path');
const Sequencer = require('@jest/test-sequencer').default;

/** Paths from the repository root, slowest first; a suite renamed or gone is simply not matched. */
const SLOWEST = [
  'server/gateway/src/product/product-fuzz.integration.test.ts',
  'server/gateway/src/policy/hostile-requests.integration.test.ts',
  'server/gateway/src/policy/policy.integration.test.ts',
  'server/tracker/src/db/drivers.test.ts',
  'mf-fleet/src/entity/EntityForm.test.tsx',
];

function rank(testPath) {
  const relative = path.relative(__dirname, testPath).split(path.sep).join('/');
  const listed = SLOWEST.indexOf(relative);
  if (listed >= 0) return listed;
  return relative.includes('.integration.test.') ? SLOWEST.length : SLOWEST.length + 1;
}

module.exports = class SlowestFirst extends Sequencer {
  sort(tests) {
    // Array.prototype.sort is stable: within a rank, Jest's order stays.
    return super.sort(tests).map((test, index) => ({ test, index, rank: rank(test.path) })).sort((a, b) => a.rank - b.rank || a.index - b.index).map(({ test }) => test);
  }
};
