/**
 * Reads Prometheus' text exposition format (version 0.0.4, what prom-client writes) strictly:
 * every line must be a `# HELP`, a `# TYPE` or a sample of a family declared before it, so a
 * malformed answer fails the test instead of being skimmed for substrings.
 */

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface Family {
  name: string;
  help: string;
  type: string;
  samples: Sample[];
}

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const TYPES = new Set(['counter', 'gauge', 'histogram', 'summary', 'untyped']);

function unescape(text: string): string {
  return text.replace(/\\(.)/g, (_all, char: string) => (char === 'n' ? '\n' : char));
}

function parseValue(text: string, line: string): number {
  if (/^\+?inf$/i.test(text)) return Infinity;
  if (/^-inf$/i.test(text)) return -Infinity;
  // Prometheus reads these as Go's ParseFloat does, in any case (prom-client writes `Nan`).
  if (text.toLowerCase() === 'nan') return NaN;
  const value = Number(text);
  if (text === '' || Number.isNaN(value)) throw new Error(`bad sample value: ${line}`);
  return value;
}

/** `{a="1",b="x\"y"}` from `at` (the brace): the labels and the index after the closing brace. */
function parseLabels(line: string, at: number): [Record<string, string>, number] {
  const labels: Record<string, string> = {};
  let i = at + 1;
  while (line[i] !== '}') {
    const eq = line.indexOf('="', i);
    if (eq < 0) throw new Error(`bad labels: ${line}`);
    const name = line.slice(i, eq);
    if (!NAME.test(name) || name in labels) throw new Error(`bad label name: ${line}`);
    let j = eq + 2;
    let raw = '';
    while (line[j] !== '"') {
      if (j >= line.length) throw new Error(`unterminated label value: ${line}`);
      if (line[j] === '\\') raw += line[j++];
      raw += line[j++];
    }
    labels[name] = unescape(raw);
    i = j + 1;
    if (line[i] === ',') i++;
    else if (line[i] !== '}') throw new Error(`bad labels: ${line}`);
  }
  return [labels, i + 1];
}

/** The family a sample belongs to: itself, or a histogram's or summary's `_bucket|_sum|_count`. */
function familyOf(name: string, families: Map<string, Family>): Family | undefined {
  const own = families.get(name);
  if (own) return own;
  const match = /^(.*)_(bucket|sum|count)$/.exec(name);
  const base = match ? families.get(match[1]) : undefined;
  return base && (base.type === 'histogram' || base.type === 'summary') ? base : undefined;
}

export function parseExposition(text: string): Map<string, Family> {
  const families = new Map<string, Family>();
  const declare = (name: string) => {
    if (!NAME.test(name)) throw new Error(`bad metric name: ${name}`);
    let family = families.get(name);
    if (!family) families.set(name, (family = { name, help: '', type: '', samples: [] }));
    return family;
  };
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const help = /^# HELP (\S+) (.*)$/.exec(line);
    const type = /^# TYPE (\S+) (\S+)$/.exec(line);
    if (help) {
      declare(help[1]).help = unescape(help[2]);
    } else if (type) {
      if (!TYPES.has(type[2])) throw new Error(`bad type: ${line}`);
      declare(type[1]).type = type[2];
    } else if (line.startsWith('#')) {
      continue;
    } else {
      const nameEnd = line.search(/[{ ]/);
      if (nameEnd < 0) throw new Error(`bad sample: ${line}`);
      const name = line.slice(0, nameEnd);
      const [labels, rest] = line[nameEnd] === '{' ? parseLabels(line, nameEnd) : [{}, nameEnd];
      const parts = line.slice(rest).trim().split(' ');
      if (parts.length < 1 || parts.length > 2) throw new Error(`bad sample: ${line}`);
      const family = familyOf(name, families);
      if (!family) throw new Error(`sample of an undeclared family: ${line}`);
      family.samples.push({ name, labels, value: parseValue(parts[0], line) });
    }
  }
  return families;
}

/**
 * The value of the sample named `name` whose labels are exactly `labels`; throws when there is
 * none, so a missing series fails loudly rather than reading as 0.
 */
export function sampleValue(
  families: Map<string, Family>,
  name: string,
  labels: Record<string, string> = {},
): number {
  const family = familyOf(name, families);
  const wanted = Object.entries(labels);
  const sample = family?.samples.find(
    (s) =>
      s.name === name &&
      Object.keys(s.labels).length === wanted.length &&
      wanted.every(([key, value]) => s.labels[key] === value),
  );
  if (!sample) throw new Error(`no sample ${name}${JSON.stringify(labels)}`);
  return sample.value;
}
