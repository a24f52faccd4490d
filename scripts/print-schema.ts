// npm run schema:print: writes the running schema to server/schema.graphql, the committed API contract.
import { writeFileSync } from 'node:fs';
import { printedSchema } from '../server/graphql/print';

writeFileSync(new URL('../server/schema.graphql', import.meta.url), printedSchema());
console.log('server/schema.graphql written');
