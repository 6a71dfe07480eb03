export declare const CLIENT_KEYS: readonly string[];
export declare function clientConfig(env: Record<string, string | undefined>): Record<string, string>;
export declare function clientConfigScript(env: Record<string, string | undefined>): string;
