import type { Server } from 'node:http';

export declare function createStaticServer(options?: {
  env?: Record<string, string | undefined>;
  extraScripts?: string[];
  /** Where the web server reports a page that went out without its data, and the sitemap's size. */
  log?: (message: string) => void;
  /** How the web server asks the API (pages rendered with its answers, the sitemap). */
  fetchImpl?: typeof fetch;
}): Server;
