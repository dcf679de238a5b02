/**
 * Traccar's web app ships its `index.html` and `manifest.webmanifest` with placeholders the server
 * fills as it serves them (Traccar's `OverrideTextFilter`): `${title}`, `${description}` and
 * `${colorPrimary}`, from the server's attributes of those names. Served from `WEB_DIR`, that app
 * gets them filled here the same way, so its tab and installed app read the brand's name rather
 * than `${title}`. Frota's own pages hold none, and pass through unchanged.
 */

export interface PlaceholderValues {
  title: string;
  description: string;
  colorPrimary: string;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value : null;

/**
 * The values for a page of the brand a request reached: on the main site the server attributes
 * (`title`, `description`, `colorPrimary`, as a Traccar administrator sets them) over the brand's
 * own name and primary colour; on a reseller's domain the reseller's brand, which the main site's
 * settings never name.
 */
export function placeholderValues(
  serverAttributes: Record<string, unknown>,
  brand: { title: string; colorPrimary: string; reseller: boolean },
): PlaceholderValues {
  const own = brand.reseller ? {} : serverAttributes;
  const title = text(own.title) ?? brand.title;
  return {
    title,
    description: text(own.description) ?? title,
    colorPrimary: text(own.colorPrimary) ?? brand.colorPrimary,
  };
}

/**
 * `content` with the placeholders filled, each value escaped for where it lands: HTML text and
 * attributes in a page, a JSON string in the manifest. The values are an administrator's or a
 * reseller's, and must not be able to add markup or keys of their own.
 */
export function fillPlaceholders(
  content: string,
  values: PlaceholderValues,
  format: 'html' | 'json',
): string {
  const escape =
    format === 'html'
      ? (value: string) => value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char])
      : (value: string) => JSON.stringify(value).slice(1, -1);
  return content
    .replaceAll('${title}', escape(values.title))
    .replaceAll('${description}', escape(values.description))
    .replaceAll('${colorPrimary}', escape(values.colorPrimary));
}
