// npm run bench: prints a table of figures (and writes bench-results/latest.json).
// Runs on the PostgreSQL server of DATABASE_URL when set, on PGlite otherwise.
// `npm run bench -- dealers` (or coldStart, bundle, signIn, limits, concurrency, cascade, usuarios, audiencia, importacao, notificacoes, comunicados, biblioteca, biblioteca-upload, home, lighthouse) runs only the named parts.
import { mkdirSync, writeFileSync } from 'node:fs';
import { audienciaBench } from './audiencia';
import { bibliotecaBench } from './biblioteca';
import { bibliotecaUploadBench } from './bibliotecaUpload';
import { groupCascade } from './cascade';
import { homeBench } from './home';
import { homeLighthouse } from './homeLighthouse';
import { comunicadosBench } from './comunicados';
import { importacaoBench } from './importacao';
import { coldStart } from './coldStart';
import { concurrentClients } from './concurrency';
import { bundleSize } from './bundle';
import { dealersList } from './dealersList';
import { refusedQueryLimits } from './limits';
import { notificacoesBench } from './notificacoes';
import { printTable, type Row } from './report';
import { signInLoad } from './signIn';
import { usuariosBench } from './usuarios';

const database = process.env.DATABASE_URL ? `PostgreSQL server (${new URL(process.env.DATABASE_URL).host})` : 'PGlite';
const rows: Row[] = [];
const only = process.argv.slice(2);
const selected = (part: string) => only.length === 0 || only.includes(part);
if (selected('coldStart')) rows.push(...(await coldStart()));
if (selected('bundle')) rows.push(...(await bundleSize()));
if (selected('dealers')) rows.push(...(await dealersList()));
if (selected('signIn')) rows.push(...(await signInLoad()));
if (selected('limits')) rows.push(...(await refusedQueryLimits()));
if (selected('concurrency')) rows.push(...(await concurrentClients()));
if (selected('cascade')) rows.push(...(await groupCascade()));
if (selected('usuarios')) rows.push(...(await usuariosBench()));
if (selected('audiencia')) rows.push(...(await audienciaBench()));
if (selected('importacao')) rows.push(...(await importacaoBench()));
if (selected('notificacoes')) rows.push(...(await notificacoesBench()));
if (selected('comunicados')) rows.push(...(await comunicadosBench()));
if (selected('biblioteca')) rows.push(...(await bibliotecaBench()));
if (selected('biblioteca-upload')) rows.push(...(await bibliotecaUploadBench()));
if (selected('home')) rows.push(...(await homeBench()));
if (selected('lighthouse')) rows.push(...(await homeLighthouse()));

printTable(`Benchmarks on ${database}`, rows);
mkdirSync('bench-results', { recursive: true });
writeFileSync('bench-results/latest.json', JSON.stringify({ database, rows }, null, 2));
