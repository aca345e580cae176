// One load run, in its own process so the load generator never shares an event loop with the
// server it measures. Usage: node bench/load.mjs '<json options>'; prints autocannon's result as
// JSON. Options: url (origin), paths (cycled, one per request), method, headers, body,
// connections, duration (seconds).
import autocannon from 'autocannon';

const { url, paths, method = 'GET', headers = {}, body, connections, duration } = JSON.parse(process.argv[2]);
let next = 0;
const result = await autocannon({
  url,
  method,
  headers,
  body,
  connections,
  duration,
  // A fresh path per request (e.g. every product id in turn), not one URL hammered forever.
  requests: [{ setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] }) }],
});
process.stdout.write(JSON.stringify(result));
