export declare const SERVER_ENTRY: string;
export declare function needsServerBuild(root: string): boolean;
export declare function buildServer(root: string): Promise<void>;
export declare function ensureServerBuild(root: string): Promise<string>;
