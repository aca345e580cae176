export declare const loadEnvFile: (dir?: string) => string | null;
