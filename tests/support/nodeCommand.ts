import { spawn } from 'node:child_process';
import { REPO_ROOT } from './server';

/**
 * Runs Node with `args` from the repository root, with only `PATH` and `env` in its environment,
 * to its end: its exit code and everything it wrote, both streams together.
 */
export function runNode(
  args: readonly string[],
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += String(chunk)));
    child.stderr.on('data', (chunk: Buffer) => (output += String(chunk)));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, output }));
  });
}
