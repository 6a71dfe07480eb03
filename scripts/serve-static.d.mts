import type { Server } from 'node:http';

export declare function createStaticServer(options?: {
  env?: Record<string, string | undefined>;
  extraScripts?: string[];
  /** Where the web server reports that the home page went out without its category list. */
  log?: (message: string) => void;
}): Server;
