module.exports = require('../jest.preset.cjs')(__dirname, { environment: 'jsdom', setupFiles: ['@testing-library/jest-dom'] });
