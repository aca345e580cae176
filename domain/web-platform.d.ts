/**
 * The domain compiles without DOM or Node types (tsconfig.domain.json), so that a browser or Node
 * API cannot slip in. These web-standard globals exist in every runtime the domain runs in
 * (Node and browsers) and are declared here with only the members the domain uses.
 */
declare class URL {
  constructor(url: string, base?: string);
  readonly protocol: string;
}

declare class TextDecoder {
  constructor(label?: string, options?: { fatal?: boolean });
  decode(input?: Uint8Array): string;
}
