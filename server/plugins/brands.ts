import fp from 'fastify-plugin';
import { Brands } from '../branding/brandScope';

declare module 'fastify' {
  interface FastifyInstance {
    /** Per-domain brands: the Host → reseller lookup and each brand's cached files. */
    brands: Brands;
  }
}

/** Shares the brand resolver; any user change may move a reseller domain, so it re-reads them. */
export const brandsPlugin = fp(
  async (app) => {
    const brands = new Brands(app.db, app.config.dataDir);
    app.decorate('brands', brands);
    const off = app.changes.on((change) => {
      if (change.kind === 'user') brands.invalidateDomains();
    });
    app.addHook('onClose', async () => off());
  },
  { name: 'brands', dependencies: ['services'] },
);
