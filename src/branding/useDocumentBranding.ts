import { useEffect } from 'react';
import type { BrandConfig } from '../../model/brand';
import { ASSET_FILES, type ThemeColors } from '../../model/theme';
import { assetUrl } from './assetUrl';

const headLink = (rel: string): HTMLLinkElement => {
  let link = document.head.querySelector<HTMLLinkElement>(`link[rel="${rel}"]`);
  if (!link) {
    link = document.createElement('link');
    link.rel = rel;
    document.head.appendChild(link);
  }
  return link;
};

/** Points the page's favicon, touch icon and theme-color at the published branding. */
export const useDocumentBranding = (brand: BrandConfig | null, colors: ThemeColors | null) => {
  useEffect(() => {
    if (!brand?.favicon) return;
    headLink('icon').href = assetUrl(ASSET_FILES.favicon(32), brand);
    headLink('apple-touch-icon').href = assetUrl(ASSET_FILES.favicon(180), brand);
  }, [brand]);
  const primary = colors?.['--el-color-primary'];
  useEffect(() => {
    if (!primary) return;
    document.head.querySelector('meta[name="theme-color"]')?.setAttribute('content', primary);
  }, [primary]);
};
