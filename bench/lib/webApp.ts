/** The production web server (scripts/serve-static.mjs) serving dist/ on 127.0.0.1, closed at the end of the part. */
import type { Server } from 'node:http';
import { createStaticServer } from '../../scripts/serve-static.mjs';
import { onStop } from './processes';

export function listenOn(server: Server, port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      onStop(async () => {
        server.closeAllConnections();
        await new Promise((closed) => server.close(closed));
      });
      resolve(`http://127.0.0.1:${port}`);
    });
  });
}

/** The built app as `npm start` serves it, with `clientEnv` in its /config.js. */
export function startWebApp(port: number, clientEnv: Record<string, string>): Promise<string> {
  return listenOn(createStaticServer({ env: clientEnv }), port);
}
