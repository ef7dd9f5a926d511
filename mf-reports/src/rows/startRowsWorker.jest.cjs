// Jest runs CommonJS, where `import.meta` does not parse: tests read rows on their own thread.
module.exports = { startRowsWorker: () => null };
