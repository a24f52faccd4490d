import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { UPLOAD_MAX_BYTES } from '../../domain/limits';
import { loadConfig } from '../../server/config';
import { DEMO, freePort, signIn, type TestPortal } from '../../tests/api/portal';
import type { Row } from './report';
import { freshDatabase, startServer } from './serverProcess';

// The library's upload (issue #29): a file of 900,000,000 bytes (the largest allowed) sent to
// POST /api/upload over HTTP, to a server in its own process storing on the local disk. Reports
// MB/s against a plain stream of the same bytes to a file on the same disk in the same run
// (goal >= 0.7), and the growth of the server's resident memory while it receives (sampled from
// /proc every 20 ms; goal under 64 MB, decimal as the issue writes it): the file must stream, never
// be held. The server's CPU is shown by thread (main, libuv pool, V8's GC helpers). Printed beside,
// without a goal: the same body sent to a bare Node HTTP server in its own process that streams it
// to the same disk, the floor of any upload over HTTP on this machine.
// BENCH_SERVER_FLAGS (scripts/bench/serverProcess.ts) passes Node flags to the server, e.g. a profile.

const SIZE = UPLOAD_MAX_BYTES;
const GOAL_RATIO = 0.7;
const GOAL_GROWTH_MB = 64;
const MB = 1_000_000;
const MiB = 1024 * 1024;

/** The same SIZE bytes every time: one random mebibyte over and over (nothing for the sender to compute). */
function* bytes(block: Buffer) {
  for (let sent = 0; sent < SIZE; sent += block.length) yield block.subarray(0, Math.min(block.length, SIZE - sent));
}

/** CPU seconds (user + system) a process has used so far (Linux, /proc/<pid>/stat, 100 ticks a second). */
function cpuSeconds(pid: number, task?: number): number {
  const file = task === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${task}/stat`;
  const fields = readFileSync(file, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** CPU seconds of each of a process's threads so far, summed by thread name (main, libuv pool, GC helpers, workers). */
function cpuByThread(pid: number): Map<string, number> {
  const byName = new Map<string, number>();
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    try {
      const name = Number(task) === pid ? 'main' : readFileSync(`/proc/${pid}/task/${task}/comm`, 'utf8').trim();
      byName.set(name, (byName.get(name) ?? 0) + cpuSeconds(pid, Number(task)));
    } catch {
      // the thread ended meanwhile
    }
  }
  return byName;
}

function rssMiB(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
  return line ? Number(line[1]) / 1024 : NaN;
}

/**
 * A bare Node HTTP server in its own process, as the portal's is, that streams each request's body
 * (the whole multipart form) to a file on the same disk (1 MiB write buffer, as the disk store's)
 * and answers 201: the floor of an upload over HTTP here, with none of the portal's code.
 */
const BARE_SERVER = `
const { createServer } = require('node:http');
const { createWriteStream, rmSync } = require('node:fs');
const { pipeline } = require('node:stream/promises');
createServer(async (req, res) => {
  try {
    await pipeline(req, createWriteStream(process.env.FILE, { highWaterMark: 1024 * 1024 }));
    rmSync(process.env.FILE);
    res.writeHead(201).end(JSON.stringify({ tamanho: 0 }));
  } catch (error) {
    res.writeHead(500).end(String(error));
  }
}).listen(Number(process.env.PORT), '127.0.0.1', () => process.stdout.write('ready\\n'));
`;

async function bareUpload(file: string, block: Buffer): Promise<{ seconds: number; cpu: number; growthMiB: number }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['-e', BARE_SERVER], {
    env: { ...process.env, PORT: String(port), FILE: file },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    await new Promise<void>((resolve, reject) => {
      child.stdout!.once('data', () => resolve());
      child.once('exit', (code) => reject(new Error(`bare server exited with ${code}`)));
    });
    const url = `http://127.0.0.1:${port}`;
    await upload(url, '', [block], block.length);
    const cpuBefore = cpuSeconds(child.pid!);
    const rssBefore = rssMiB(child.pid!);
    let rssPeak = rssBefore;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssMiB(child.pid!))), 20);
    const started = performance.now();
    let answer;
    try {
      answer = await upload(url, '', bytes(block), SIZE);
    } finally {
      clearInterval(sampler);
    }
    const seconds = (performance.now() - started) / 1000;
    if (answer.status !== 201) throw new Error(`the bare server answered ${answer.status}: ${answer.body}`);
    return { seconds, cpu: cpuSeconds(child.pid!) - cpuBefore, growthMiB: rssPeak - rssBefore };
  } finally {
    child.kill();
  }
}

/** POSTs `content` as the multipart form the library's upload dialog sends; answers status and body. */
function upload(url: string, token: string, content: Iterable<Buffer>, size: number) {
  const boundary = `----bench${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="info"\r\n\r\n{"fileType":"LIBRARY"}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="video.mp4"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const target = new URL('/api/upload', url);
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(head.length + size + tail.length),
        },
      },
      (response) => {
        const parts: Buffer[] = [];
        response.on('data', (c: Buffer) => parts.push(c));
        response.on('end', () => resolve({ status: response.statusCode!, body: Buffer.concat(parts).toString() }));
        response.on('error', reject);
      },
    );
    req.on('error', reject);
    pipeline(
      Readable.from(
        (function* () {
          yield head;
          yield* content;
          yield tail;
        })(),
      ),
      req,
    ).catch(reject);
  });
}

export async function bibliotecaUploadBench(): Promise<Row[]> {
  const filesDir = mkdtempSync(path.join(tmpdir(), 'bench-biblioteca-'));
  const database = await freshDatabase();
  const port = await freePort();
  const server = await startServer(port, { ...database.env, FILES_DIR: filesDir, ACCESS_TOKEN_TTL: '3600' });
  try {
    const portal = { url: server.url, config: loadConfig({ PORT: String(port) }) } as TestPortal;
    const token = (await signIn(portal, DEMO.super)).access_token;
    const block = randomBytes(MiB);

    // A small upload first: the route's modules (file-type, multipart) are loaded before measuring.
    const warm = await upload(server.url, token, [block], block.length);
    if (warm.status !== 201) throw new Error(`warm-up upload answered ${warm.status}: ${warm.body}`);

    // The plain stream of the same bytes to the same disk.
    const plainStarted = performance.now();
    const plainCpuBefore = cpuSeconds(process.pid);
    await pipeline(Readable.from(bytes(block)), createWriteStream(path.join(filesDir, 'plain.bin')));
    const plainSeconds = (performance.now() - plainStarted) / 1000;
    const plainCpu = cpuSeconds(process.pid) - plainCpuBefore;
    rmSync(path.join(filesDir, 'plain.bin'));

    const load = loadavg()[0];
    const rssBefore = rssMiB(server.pid);
    let rssPeak = rssBefore;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssMiB(server.pid))), 20);
    const started = performance.now();
    const cpuBefore = cpuSeconds(server.pid);
    // The main thread's share (JavaScript, the socket, the GC's main-thread part); the rest is the
    // GC's helpers, the libuv pool (file writes) and any worker.
    const threadsBefore = cpuByThread(server.pid);
    let answer;
    try {
      answer = await upload(server.url, token, bytes(block), SIZE);
    } finally {
      clearInterval(sampler);
    }
    const seconds = (performance.now() - started) / 1000;
    const serverCpu = cpuSeconds(server.pid) - cpuBefore;
    const threads = [...cpuByThread(server.pid)]
      .map(([name, cpu]) => [name, cpu - (threadsBefore.get(name) ?? 0)] as const)
      .filter(([, cpu]) => cpu >= 0.05)
      .sort((a, b) => b[1] - a[1])
      .map(([name, cpu]) => `${name} ${cpu.toFixed(1)}`)
      .join(', ');
    if (answer.status !== 201) throw new Error(`the upload answered ${answer.status}: ${answer.body}`);
    const stored = JSON.parse(answer.body) as { id: string; tamanho: number };
    if (stored.tamanho !== SIZE) throw new Error(`stored ${stored.tamanho} bytes, sent ${SIZE}`);

    // After the upload (its file left in the store, as a kept upload is): the bare HTTP floor.
    const bare = await bareUpload(path.join(filesDir, 'bare.bin'), block);

    const rate = SIZE / MB / seconds;
    const plainRate = SIZE / MB / plainSeconds;
    const bareRate = SIZE / MB / bare.seconds;
    const growthMB = ((rssPeak - rssBefore) * MiB) / MB;
    return [
      {
        case: 'library upload, 900,000,000 bytes over HTTP: MB/s vs a plain stream to disk',
        value: rate / plainRate,
        unit: 'x',
        goal: `>= ${GOAL_RATIO}`,
        note: `${rate.toFixed(0)} MB/s (${seconds.toFixed(1)} s, server CPU ${serverCpu.toFixed(1)} s: ${threads}) vs plain ${plainRate.toFixed(0)} MB/s (${plainSeconds.toFixed(1)} s, CPU ${plainCpu.toFixed(1)} s); 1-min load ${load.toFixed(1)}`,
      },
      {
        case: 'library upload vs a bare Node HTTP server streaming the same body to disk (no goal)',
        value: rate / bareRate,
        unit: 'x',
        note: `bare server ${bareRate.toFixed(0)} MB/s (${bare.seconds.toFixed(1)} s, CPU ${bare.cpu.toFixed(1)} s, RSS growth ${((bare.growthMiB * MiB) / MB).toFixed(1)} MB); 1-min load ${loadavg()[0].toFixed(1)}`,
      },
      {
        case: 'library upload: server RSS growth while receiving',
        value: growthMB,
        unit: 'MB',
        goal: `< ${GOAL_GROWTH_MB}`,
        note: `server RSS ${rssBefore.toFixed(0)} -> peak ${rssPeak.toFixed(0)} MiB, +${(rssPeak - rssBefore).toFixed(1)} MiB (sampled every 20 ms; local disk store)`,
      },
    ];
  } finally {
    await server.stop();
    await database.drop();
    rmSync(filesDir, { recursive: true, force: true });
  }
}
