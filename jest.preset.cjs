// One Jest setup for every package: TypeScript and TSX through swc, tests beside the code.
const path = require('node:path');

module.exports = function jestConfig(packageDir, { environment = 'node', setupFiles = [], moduleNameMapper = {} } = {}) {
  return {
    displayName: path.basename(packageDir),
    rootDir: packageDir,
    testEnvironment: environment,
    roots: ['<rootDir>/src'],
    testMatch: ['**/*.test.ts', '**/*.test.tsx'],
    // Integration tests start real servers (tracker, gateway, PostgreSQL): on a busy 2-core machine,
    // with two suites each starting a stack at once,
    // that takes longer than Jest's 5 s default.
    testTimeout: 60_000,
    transform: {
      '^.+\\.(t|j)sx?$': [
        '@swc/jest',
        {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            transform: { react: { runtime: 'automatic' } },
            target: 'es2022',
          },
          module: { type: 'commonjs' },
        },
      ],
    },
    setupFiles: environment === 'jsdom' ? [path.join(__dirname, 'jest.jsdom-setup.cjs')] : [],
    setupFilesAfterEnv: setupFiles,
    moduleNameMapper: { '\\.(css)$': path.join(__dirname, 'jest.style-stub.cjs'), ...moduleNameMapper },
  };
};
