import { DEFAULT_BRAND_NAME } from '../../model/brand';

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/**
 * The web app's `index.html` naming the brand it is served for: its tab title, the loader's label
 * and the no-script notice are what a visitor reads before the app's script names the brand
 * itself. The page names the product only in those places, so every occurrence is the brand's.
 */
export function brandPage(html: string, brandName: string): string {
  if (brandName === DEFAULT_BRAND_NAME) return html;
  const safe = brandName.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]);
  return html.replaceAll(DEFAULT_BRAND_NAME, safe);
}
