export declare const KEPT_CLICKS_SCRIPT: string;
export declare const KEPT_CLICKS_TAG: string;
export declare const KEPT_CLICKS_SOURCE: string;
