/** The server bundle's path (scripts/serverBundle.mjs). */
export declare const SERVER_BUNDLE: string;
