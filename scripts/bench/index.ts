// npm run bench: prints a table of figures (and writes bench-results/latest.json).
// Runs on the PostgreSQL server of DATABASE_URL when set, on PGlite otherwise.
import { mkdirSync, writeFileSync } from 'node:fs';
import { coldStart } from './coldStart';
import { bundleSize } from './bundle';
import { printTable, type Row } from './report';

const database = process.env.DATABASE_URL ? `PostgreSQL server (${new URL(process.env.DATABASE_URL).host})` : 'PGlite';
const rows: Row[] = [];
rows.push(...(await coldStart()));
rows.push(...(await bundleSize()));

printTable(`Benchmarks on ${database}`, rows);
mkdirSync('bench-results', { recursive: true });
writeFileSync('bench-results/latest.json', JSON.stringify({ database, rows }, null, 2));
