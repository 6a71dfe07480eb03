export declare const CATEGORY_WAIT_MS: number;

export declare function createPages(options: {
  dist: string;
  /** The path of dist-ssr/document.cjs, or the module itself. */
  prerenderer: string | { renderDocument(template: string, url: string, options: { categories: unknown[] }): Promise<string> };
  env: Record<string, string | undefined>;
  extraScripts: string[];
  fetchImpl?: typeof fetch;
  log?: (message: string) => void;
  categoryWaitMs?: number;
}): (pathname: string) => Promise<string>;
