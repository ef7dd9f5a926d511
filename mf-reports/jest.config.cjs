module.exports = require('../jest.preset.cjs')(__dirname, {
  environment: 'jsdom',
  setupFiles: ['@testing-library/jest-dom'],
  // Starting the rows worker takes `import.meta`, which Jest's CommonJS cannot parse.
  moduleNameMapper: { '/startRowsWorker$': '<rootDir>/src/rows/startRowsWorker.jest.cjs' },
});
