import type { Identifier } from 'react-admin';

/**
 * Rows deleted in react-admin's undoable mode whose delete has not reached the server yet: it is
 * sent when the "Desfazer" toast closes. Lists read during that time (the list an edit page's
 * delete returns to, a refresh) must not show them again; undoing, or the delete reaching the
 * server, releases them.
 */
const pending = new Map<string, Set<string>>();

export const holdBack = (resource: string, ids: readonly Identifier[]): void => {
  const held = pending.get(resource) ?? new Set<string>();
  ids.forEach((id) => held.add(String(id)));
  pending.set(resource, held);
};

export const release = (resource: string, ids: readonly Identifier[]): void => {
  const held = pending.get(resource);
  if (!held) return;
  ids.forEach((id) => held.delete(String(id)));
  if (held.size === 0) pending.delete(resource);
};

export const isHeldBack = (resource: string, id: unknown): boolean =>
  pending.get(resource)?.has(String(id)) ?? false;
