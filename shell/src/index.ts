// The page's entry: the light login, or the app (start/start.tsx). The shell is not built with the
// federation plugin, so there is no shared-module negotiation to wait for before the first screen.
// First: zod is told not to eval before any module of the login can parse.
import './start/zodJitless';
import { start } from './start/start';

void start();
