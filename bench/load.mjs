// One load run, in its own process so the load generator never shares an event loop with the
// server it measures. Usage: node bench/load.mjs '<json options>'; prints autocannon's result as
// JSON. Options: url (origin), paths (cycled, one per request), method, headers, body,
// connections, duration (seconds), tokensFile (session tokens one per line, each request signed
// in with the next one, from the tokenStart-th on), skipBodies (see below).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import autocannon from 'autocannon';

const { url, paths, method = 'GET', headers = {}, body, connections, duration, tokensFile, tokenStart = 0, skipBodies = false } = JSON.parse(process.argv[2]);
// autocannon keeps every response body as a string (`body += chunk`), decoding it as UTF-8 in
// JavaScript: cheap for JSON, but a brotli or gzip body is mostly invalid UTF-8, the decoder's slow
// path, and the load generator spent more on a compressed page than the server did (the pages
// bench, docs/storefront.md, "Measured"). With skipBodies nothing reads them, so they are not
// kept; the bytes are still counted.
if (skipBodies) createRequire(import.meta.url)('autocannon/lib/pipelinedRequestsQueue.js').prototype.addBody = () => undefined;
const tokens = tokensFile ? readFileSync(tokensFile, 'utf8').split('\n') : null;
let next = 0;
let nextToken = tokenStart;
const result = await autocannon({
  url,
  method,
  headers,
  body,
  connections,
  duration,
  // A fresh path per request (e.g. every product id in turn), not one URL hammered forever.
  requests: [
    {
      setupRequest: (request) => ({
        ...request,
        path: paths[next++ % paths.length],
        ...(tokens ? { headers: { ...request.headers, authorization: `Bearer ${tokens[nextToken++ % tokens.length]}` } } : {}),
      }),
    },
  ],
});
process.stdout.write(JSON.stringify(result));
