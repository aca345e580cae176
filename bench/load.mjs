// One load run, in its own process so the load generator never shares an event loop with the
// server it measures. Usage: node bench/load.mjs '<json options>'; prints autocannon's result as
// JSON. Options: url (origin), paths (cycled, one per request), method, headers, body,
// connections, duration (seconds), tokensFile (session tokens one per line, each request signed
// in with the next one, from the tokenStart-th on).
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

const { url, paths, method = 'GET', headers = {}, body, connections, duration, tokensFile, tokenStart = 0 } = JSON.parse(process.argv[2]);
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
