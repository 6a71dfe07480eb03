export declare const SANDBOX_PUBLISHABLE_KEY: string;

export interface PageHosts {
  api: string | undefined;
  imageUpload: string | undefined;
  images: Array<string | undefined>;
  tokenSync: string | undefined;
  identity: { connect: Array<string | undefined>; frame: Array<string | undefined> };
  stripe: { script: Array<string | undefined>; connect: Array<string | undefined>; frame: string[]; img: string[] };
}

export declare function pageHosts(env: Record<string, string | undefined>, extraScripts?: string[]): PageHosts;
export declare function contentSecurityPolicy(env: Record<string, string | undefined>, extraScripts?: string[]): string;
export declare function webSecurityHeaders(env: Record<string, string | undefined>, extraScripts?: string[]): Record<string, string>;
