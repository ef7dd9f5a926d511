// Issue 5 (loading performance): the build prints how much JavaScript the first screen costs.
const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');

/**
 * What the browser must fetch before the login screen shows: the entry's own chunks (the light
 * login: React, i18next and the login's code) and the named chunks the start fetches itself (the
 * reader's language catalog). The shell is built without the federation plugin, so nothing is
 * negotiated before the first screen; the app, the federation runtime and the remotes load after
 * sign-in and are not part of it.
 */
function initialChunks(compilation, entryName, alsoChunkNames = []) {
  const chunks = new Set(compilation.entrypoints.get(entryName).chunks);
  for (const chunk of compilation.chunks) if (chunk.name && alsoChunkNames.includes(chunk.name)) chunks.add(chunk);
  return chunks;
}

/** The initial files of a finished compilation and their sizes, minified and gzip-compressed. */
function measureInitialSize(compilation, entryName = 'main', alsoChunkNames = []) {
  let raw = 0;
  let gzip = 0;
  const files = [];
  for (const chunk of initialChunks(compilation, entryName, alsoChunkNames)) {
    for (const file of chunk.files) {
      if (!file.endsWith('.js')) continue;
      // Read back from disk: after emit webpack keeps only the sizes of its assets.
      const bytes = fs.readFileSync(path.join(compilation.outputOptions.path, file));
      raw += bytes.length;
      gzip += zlib.gzipSync(bytes, { level: 9 }).length;
      files.push(file);
    }
  }
  return { files, raw, gzip };
}

function formatInitialSize({ files, raw, gzip }) {
  const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
  return `[rastro] shell initial JavaScript (login screen): ${files.length} files, ${kib(raw)} minified, ${kib(gzip)} gzip`;
}

/**
 * Prints the login's initial JavaScript after every build and, given `budgetBytes`, fails the
 * build when the gzip total is above it: the test command builds the shell, so a change that makes
 * the login heavier than its budget cannot land unnoticed.
 */
class InitialSizeReportPlugin {
  constructor({ entryName = 'main', report = (line) => console.log(line), budgetBytes = null, alsoChunkNames = [] } = {}) {
    this.entryName = entryName;
    this.alsoChunkNames = alsoChunkNames;
    this.report = report;
    this.budgetBytes = budgetBytes;
  }

  apply(compiler) {
    compiler.hooks.afterEmit.tap('InitialSizeReportPlugin', (compilation) => {
      if (compilation.errors.length || !compilation.entrypoints.has(this.entryName)) return;
      const size = measureInitialSize(compilation, this.entryName, this.alsoChunkNames);
      this.report(formatInitialSize(size));
      if (this.budgetBytes !== null && size.gzip > this.budgetBytes) {
        const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;
        compilation.errors.push(
          new compiler.webpack.WebpackError(
            `[rastro] the login's initial JavaScript is ${kb(size.gzip)} gzip, over its budget of ${kb(this.budgetBytes)} (README, "Front-end weight"): ${size.files.join(', ')}`,
          ),
        );
      }
    });
  }
}

module.exports = { InitialSizeReportPlugin, initialChunks, measureInitialSize, formatInitialSize };
