export declare const SITEMAP_MAX_URLS: number;
export declare const SITEMAP_MAX_AGE_MS: number;
export declare const bookPath: (id: string) => string;
export declare const sellerPath: (id: string) => string;
export declare function robotsTxt(origin: string): string;

export declare function createSitemaps(options: {
  apiUrl: string;
  fetchImpl?: typeof fetch;
  log?: (message: string) => void;
  maxUrls?: number;
  maxAgeMs?: number;
  now?: () => number;
}): (pathname: string, origin: string) => Promise<string | undefined>;
