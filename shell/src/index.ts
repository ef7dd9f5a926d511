// The page's entry: the light login, or the app (start/start.tsx). The shell is not built with the
// federation plugin, so there is no shared-module negotiation to wait for before the first screen.
import { z } from 'zod';
import { start } from './start/start';

// The page's Content-Security-Policy allows no eval, and zod must know before its first parse.
// shared/src/zod-csp.ts says so where @rastro/shared/core is loaded whole (the remotes' share);
// the shell's build keeps only the core exports the login uses, and drops that side effect with
// the rest of core.ts, so the entry says it itself (the setting is global to every zod copy).
z.config({ jitless: true });
void start();
