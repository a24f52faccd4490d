import { z } from 'zod';

// zod compiles fast parsers with `new Function` unless told not to, and even its probe for that
// shows up as a Content-Security-Policy violation (script-src has no 'unsafe-eval'). Imported
// first by main.tsx, before any schema is built: the setting is read when a schema is created.
z.config({ jitless: true });
