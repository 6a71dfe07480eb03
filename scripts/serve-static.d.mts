import type { Server } from 'node:http';

export declare function createStaticServer(options?: {
  env?: Record<string, string | undefined>;
  extraScripts?: string[];
}): Server;
