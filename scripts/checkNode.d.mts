/** Types of scripts/checkNode.mjs, for the TypeScript tests. */
export declare function satisfies(version: string, range: string): boolean;

export declare function requiredRange(): string;

export declare function refusal(
  version: string,
  range: string,
  execPath: string,
  command: string,
): string;
