export declare const CLIENT_KEYS: readonly string[];
export declare function clientConfig(env: Record<string, string | undefined>): Record<string, string>;
export declare function clientConfigScript(env: Record<string, string | undefined>): string;
export declare const CLIENT_CONFIG_ELEMENT_ID: string;
export declare function clientConfigDataBlock(env: Record<string, string | undefined>): string;
