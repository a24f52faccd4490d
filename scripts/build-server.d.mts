/** Types of build-server.mjs for the TypeScript that imports it (its test). */
export declare function buildServer(): Promise<void>;
export declare function ownCodeOnly(json: string): string;
