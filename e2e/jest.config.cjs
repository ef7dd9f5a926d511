// Only the benchmark's pure helpers are unit-tested here; the Playwright specs in tests/ run under Playwright.
module.exports = { ...require('../jest.preset.cjs')(__dirname), roots: ['<rootDir>/bench'] };
