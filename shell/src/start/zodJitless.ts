import { z } from 'zod';

// The page's Content-Security-Policy allows no eval, and zod must know before any schema parses,
// also while the login's modules load. shared/src/zod-csp.ts says so where @rastro/shared/core is
// loaded whole (the remotes' share); the shell's build keeps only the core exports the login uses
// and drops that side effect with the rest of core.ts, so the entry imports this module first
// (the setting is global to every zod copy).
z.config({ jitless: true });
