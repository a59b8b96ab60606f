#!/usr/bin/env node
// A static host for a release dist/, as the ones in docs/sharing.md behave:
// it answers a file's precompressed copy (.br, else .gz) when the browser
// accepts that encoding, with `Vary: Accept-Encoding` and an ETag.
//
//   node scripts/serve-dist.mjs [dir] [--port N] [--encodings br,gzip|gzip|none]
//
// scripts/bench-load and tests/offline import `serve` from here.
import { createServer } from 'node:http';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';
import { pathToFileURL } from 'node:url';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.wasm': 'application/wasm',
};
const SUFFIX = { br: '.br', gzip: '.gz' };

// Serves `dir` on 127.0.0.1 (`port` 0: any free port); resolves to the
// server once it listens. `encodings` are those it may answer with, in order
// of preference.
export function serve(dir, { port = 0, encodings = ['br', 'gzip'] } = {}) {
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url, 'http://host').pathname);
    let file = normalize(join(dir, path));
    if (!file.startsWith(normalize(dir))) return void response.writeHead(403).end();
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
    if (!existsSync(file)) return void response.writeHead(404).end('not found');
    const accepted = (request.headers['accept-encoding'] ?? '').split(',').map((e) => e.trim().split(';')[0]);
    const encoding = encodings.find((e) => accepted.includes(e) && existsSync(file + SUFFIX[e]));
    const sent = encoding ? file + SUFFIX[encoding] : file;
    const stat = statSync(sent);
    const etag = `"${stat.size.toString(16)}-${stat.mtimeMs.toString(16)}"`;
    const headers = {
      'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
      'Cache-Control': 'no-cache',
      Vary: 'Accept-Encoding',
      ETag: etag,
    };
    if (encoding) headers['Content-Encoding'] = encoding;
    if (request.headers['if-none-match'] === etag) return void response.writeHead(304, headers).end();
    headers['Content-Length'] = stat.size;
    response.writeHead(200, headers);
    response.end(request.method === 'HEAD' ? undefined : readFileSync(sent));
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2);
  const option = (name, fallback) => {
    const at = args.indexOf(name);
    return at >= 0 ? args.splice(at, 2)[1] : fallback;
  };
  const port = Number(option('--port', 8090));
  const encodings = option('--encodings', 'br,gzip').split(',').filter((e) => e in SUFFIX);
  const dir = args[0] ?? 'dist';
  const server = await serve(dir, { port, encodings });
  console.log(`serving ${dir} on http://127.0.0.1:${server.address().port}/ (encodings: ${encodings.join(', ') || 'none'})`);
}
