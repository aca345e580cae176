export declare const needsWebBuild: (root: string) => boolean;
export declare const buildWeb: (root: string, options?: { quiet?: boolean }) => Promise<number>;
