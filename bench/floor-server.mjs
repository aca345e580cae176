// The floor under the latency figures: a plain node:http server answering each path with the
// bytes the real server answered for it (fetched once at start), with no work per request but
// writing them. Loaded like the others, its p99 is what this machine and the load generator reach
// for those bytes at that concurrency, whatever the server does; the p99 goal (docs/performance.md,
// "Performance") is judged beside it. Usage: node bench/floor-server.mjs <origin to copy from> <port> '<json list of paths>'
import { createServer } from 'node:http';

const [origin, port, pathList] = process.argv.slice(2);
const answers = new Map();
for (const path of JSON.parse(pathList)) {
  const reply = await fetch(`${origin}${path}`);
  const body = Buffer.from(await reply.arrayBuffer());
  answers.set(path, { body, headers: { 'content-type': 'application/json', 'content-length': String(body.length) } });
}
createServer((request, response) => {
  const answer = answers.get(request.url);
  if (!answer) return void response.writeHead(404).end();
  response.writeHead(200, answer.headers).end(answer.body);
}).listen(Number(port), '127.0.0.1', () => console.log(`floor server on ${port}`));
