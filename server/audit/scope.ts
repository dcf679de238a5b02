import { AsyncLocalStorage } from 'node:async_hooks';

/** Values an operation saw around one write, for the request's audit record. */
export interface NotedValues {
  kind: string;
  id: number | null;
  old: unknown;
  new: unknown;
}

export interface AuditScope {
  notes: NotedValues[];
}

const storage = new AsyncLocalStorage<AuditScope>();

/** Runs `work` (the rest of a request) with a scope that collects noted values. */
export function runInAuditScope(scope: AuditScope, work: () => void): void {
  storage.run(scope, work);
}

/**
 * Called by the entity and account services after a write commits: the object's old and new
 * wire values (null for a create's old or a delete's new). A no-op outside an audited request.
 */
export function noteValues(kind: string, id: number | null, old: unknown, next: unknown): void {
  storage.getStore()?.notes.push({ kind, id, old, new: next });
}
