/**
 * The beacons' floor: a bare `node:http` server that answers every request 204 once its body has
 * arrived, and does nothing else. Beacons sent here cost the machine what their traffic costs (the
 * generator, the kernel's sockets, the least a receiver can do) and no API's work, so the buyers'
 * share beside them is the most any API process could keep on this machine. Prints `READY <url>`;
 * closing stdin closes it; it stops after 60 minutes at most.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

const server = http.createServer((request, response) => {
  request.resume();
  request.once('end', () => {
    response.writeHead(204, { 'cross-origin-resource-policy': 'cross-origin' });
    response.end();
  });
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`READY http://127.0.0.1:${(server.address() as AddressInfo).port}\n`);
});
const stop = () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
};
process.stdin.resume();
process.stdin.once('end', stop);
setTimeout(stop, 60 * 60_000).unref();
