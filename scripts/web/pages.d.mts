export declare const DATA_WAIT_MS: number;

/** What the prerenderer (dist-ssr/document.cjs) offers the web server. */
export interface Prerenderer {
  renderDocument(template: string, url: string, options: { entries?: unknown[]; preloadScripts?: readonly string[]; origin?: string }): Promise<string>;
  scriptPreloads(files: readonly string[]): string;
  isDataRoute(pathname: string): boolean;
  pageChunkOf(pathname: string): string | undefined;
  loadRouteData(
    url: string,
    /** `link`: the answer's Link header, where a list names its next page. */
    fetchApi: (path: string) => Promise<{ status: number; body?: unknown; link?: string }>,
  ): Promise<{ status: 200 | 404; entries: unknown[] } | undefined>;
}

export declare function createPages(options: {
  dist: string;
  /** The path of dist-ssr/document.cjs, or the module itself. */
  prerenderer: string | Prerenderer;
  env: Record<string, string | undefined>;
  extraScripts: string[];
  fetchImpl?: typeof fetch;
  log?: (message: string) => void;
  dataWaitMs?: number;
}): (url: string, origin: string) => Promise<{ status: number; html: string }>;
