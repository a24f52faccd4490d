// npm run config:example: rewrites .env.example from the configuration schema (server/config.ts).
import { writeFileSync } from 'node:fs';
import { envExample } from '../server/config';

writeFileSync(new URL('../.env.example', import.meta.url), envExample());
console.log('.env.example written');
