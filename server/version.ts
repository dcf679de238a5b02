import { version as packageVersion } from '../package.json';

/**
 * The package version; `GET /api/server` reports it. Imported rather than read from disk, so the
 * compiled server (build/server/) carries it and needs no package.json beside it.
 */
export const version: string = packageVersion;
