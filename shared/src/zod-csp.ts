import { z } from 'zod';

// The page's Content-Security-Policy allows no eval. Zod would otherwise probe `new Function` on
// its first object parse (a CSP violation report, swallowed but logged) and compile parsers with
// it. The setting lives on `globalThis.__zod_globalConfig`, which every bundled copy of zod reads,
// so setting it here, as the shell loads this singleton, covers the remotes' copies too.
z.config({ jitless: true });
