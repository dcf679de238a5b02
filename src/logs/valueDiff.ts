/**
 * Old → new values of an audit record as plain text lines: one line per changed leaf
 * (`attributes.color: "red" → "blue"`). Values stay text; nothing here is ever rendered as HTML.
 */
import { isPlainObject } from '../../model/json';

type DiffKind = 'changed' | 'added' | 'removed' | 'same';

interface DiffLine {
  key: string;
  kind: DiffKind;
  old?: string;
  new?: string;
}

/** Flattens nested objects into dotted keys; arrays and scalars are leaves. */
function flatten(value: unknown, prefix = '', out: Map<string, unknown> = new Map()) {
  if (isPlainObject(value)) {
    const entries = Object.entries(value);
    if (entries.length === 0 && prefix) out.set(prefix, {});
    for (const [key, item] of entries) flatten(item, prefix ? `${prefix}.${key}` : key, out);
  } else if (prefix) {
    out.set(prefix, value);
  }
  return out;
}

const showValue = (value: unknown): string =>
  value === undefined
    ? ''
    : typeof value === 'string'
      ? JSON.stringify(value)
      : JSON.stringify(value);

/** Changed, added and removed keys first (sorted), then, when `all`, the unchanged ones. */
export function diffValues(old: unknown, next: unknown, all = false): DiffLine[] {
  const before = flatten(old);
  const after = flatten(next);
  const keys = [...new Set([...before.keys(), ...after.keys()])].sort();
  const lines: DiffLine[] = [];
  for (const key of keys) {
    const a = before.has(key) ? showValue(before.get(key)) : undefined;
    const b = after.has(key) ? showValue(after.get(key)) : undefined;
    if (a === b) {
      if (all) lines.push({ key, kind: 'same', old: a, new: b });
    } else if (a === undefined) {
      lines.push({ key, kind: 'added', new: b });
    } else if (b === undefined) {
      lines.push({ key, kind: 'removed', old: a });
    } else {
      lines.push({ key, kind: 'changed', old: a, new: b });
    }
  }
  return all ? lines.sort((x, y) => Number(x.kind === 'same') - Number(y.kind === 'same')) : lines;
}

/** One text line per diff line: `key: old → new`, `+ key: new`, `- key: old`. */
export function diffText(lines: DiffLine[]): string {
  return lines
    .map((line) => {
      if (line.kind === 'added') return `+ ${line.key}: ${line.new}`;
      if (line.kind === 'removed') return `- ${line.key}: ${line.old}`;
      if (line.kind === 'same') return `  ${line.key}: ${line.new}`;
      return `~ ${line.key}: ${line.old} → ${line.new}`;
    })
    .join('\n');
}
