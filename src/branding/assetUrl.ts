import type { BrandConfig } from '../../model/brand';
import { ASSETS_PATH } from '../../model/theme';

/** The URL of a published asset, with the brand's version so a new upload is fetched anew. */
export const assetUrl = (file: string, brand: Pick<BrandConfig, 'version'>): string =>
  `${ASSETS_PATH}${file}${brand.version ? `?v=${brand.version}` : ''}`;
