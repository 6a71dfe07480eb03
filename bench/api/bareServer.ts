/**
 * The floor the API is compared with: a bare `node:http` server answering each path with the
 * bytes the real API gave for it: the same body and the same headers (content type, ETag, CORS
 * and security headers; Node adds the date and keep-alive ones itself, as for the API).
 * Argument: a JSON file of `{ [path]: { headers, base64 } }`. Listens on 127.0.0.1, prints
 * `READY <url>`, and stops when its parent closes standard input.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type Answers = Record<string, { headers: Record<string, string>; base64: string }>;

const answers = JSON.parse(readFileSync(process.argv[2], 'utf8')) as Answers;
const bodies = new Map(
  Object.entries(answers).map(([path, answer]) => {
    const body = Buffer.from(answer.base64, 'base64');
    return [path, { headers: { ...answer.headers, 'content-length': String(body.length) }, body }];
  }),
);

const server = http.createServer((request, response) => {
  const answer = bodies.get(request.url ?? '');
  if (!answer) {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(200, answer.headers);
  response.end(answer.body);
});

server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`READY http://127.0.0.1:${(server.address() as AddressInfo).port}\n`);
});
process.stdin.on('end', () => process.exit(0));
process.stdin.resume();
