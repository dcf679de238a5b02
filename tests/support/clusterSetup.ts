/**
 * Vitest global setup of the cluster tests: a PostgreSQL server and a Redis server they can use.
 * DATABASE_URL / REDIS_URL when they answer, else the machine's defaults
 * (postgres://root@127.0.0.1:5432/test, redis://127.0.0.1:6379), else servers started here on
 * free ports in temporary directories, after installing Debian's packages when their programs
 * are missing (scripts/ensure-cluster-services.sh). `redis-server` is always needed: the Redis
 * restart test runs its own.
 */
import { spawnSync } from 'node:child_process';
import type { TestProject } from 'vitest/node';
import { REPO_ROOT } from './server';
import { postgresAnswers, redisAnswers, TestPostgres, TestRedis } from './services';

declare module 'vitest' {
  export interface ProvidedContext {
    /** An administrative PostgreSQL URL the tests create their databases on. */
    clusterPostgresUrl: string;
    /** A Redis server the tests may share (each cluster's keys and channels are its own). */
    clusterRedisUrl: string;
  }
}

function ensure(...packages: string[]): void {
  const result = spawnSync('bash', ['scripts/ensure-cluster-services.sh', ...packages], {
    cwd: REPO_ROOT,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error(`could not install ${packages.join(' and ')}`);
}

async function firstAnswering(
  urls: (string | undefined)[],
  answers: (url: string) => Promise<boolean>,
): Promise<string | null> {
  for (const url of urls) if (url && (await answers(url))) return url;
  return null;
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const postgresUrl = await firstAnswering(
    [process.env.DATABASE_URL, 'postgres://root@127.0.0.1:5432/test'],
    postgresAnswers,
  );
  ensure('redis-server', ...(postgresUrl ? [] : ['postgresql']));
  const ownPostgres = postgresUrl ? null : await TestPostgres.start();
  const redisUrl = await firstAnswering(
    [process.env.REDIS_URL, 'redis://127.0.0.1:6379'],
    redisAnswers,
  );
  const ownRedis = redisUrl ? null : await TestRedis.start();
  project.provide('clusterPostgresUrl', postgresUrl ?? ownPostgres!.url);
  project.provide('clusterRedisUrl', redisUrl ?? ownRedis!.url);
  return async () => {
    await ownRedis?.remove();
    await ownPostgres?.remove();
  };
}
