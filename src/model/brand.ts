/** Branding published at `/tarkan/assets/custom/config.json`. */
export interface BrandConfig {
  title: string;
  whatsapp: string;
  headLogo: { image: boolean; text: string };
  push: Record<string, unknown>;
}

export const defaultBrand: BrandConfig = {
  title: 'Frota',
  whatsapp: '',
  headLogo: { image: false, text: 'Frota' },
  push: {},
};
