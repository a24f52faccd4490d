// The browser's `zod` (vite.config.ts aliases the bare specifier here): zod compiles fast parsers
// with `new Function` unless told not to, and even its probe for that shows up as a
// Content-Security-Policy violation (script-src has no 'unsafe-eval'). The setting is read when a
// schema is created, so it comes with zod itself: every schema module imports zod through here,
// and zod stays out of the first page (only the forms and pages that parse load it).
import { config } from 'zod/v4';

config({ jitless: true });

export * from 'zod/v4';
export { z, z as default } from 'zod/v4';
