/** Comma-separated text on the wire (`"web,mail"`), an array in the form. */
export const splitList = (value: unknown): string[] =>
  typeof value === 'string' && value ? value.split(',').map((part) => part.trim()) : [];

export const joinList = (value: unknown): string =>
  Array.isArray(value) ? value.join(',') : String(value ?? '');
