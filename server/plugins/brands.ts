import fp from 'fastify-plugin';
import { Brands } from '../branding/brandScope';
import { publicOrigin } from '../config';
import { RecipientBrands } from '../notifications/brand';
import { mainHostOf } from '../resellers/attributes';

declare module 'fastify' {
  interface FastifyInstance {
    /** Per-domain brands: the Host → reseller lookup and each brand's cached files. */
    brands: Brands;
    /** The brand of each user's notifications (name, logo, colour, links to their domain). */
    notificationBrands: RecipientBrands;
  }
}

/**
 * Shares the brand resolver; any user change may move a reseller domain, so it re-reads them. A
 * brand saved on another instance (the files are in the shared DATA_DIR) is dropped here too.
 */
export const brandsPlugin = fp(
  async (app) => {
    const brands = new Brands(app.db, app.config.dataDir, mainHostOf(publicOrigin(app.config)));
    app.decorate('brands', brands);
    app.decorate(
      'notificationBrands',
      new RecipientBrands(app.db, brands, publicOrigin(app.config)),
    );
    brands.onInvalidate((resellerId) => app.changes.emit({ kind: 'brand', resellerId }));
    const off = app.changes.on((change, remote) => {
      if (change.kind === 'user') brands.invalidateDomains();
      else if (change.kind === 'brand' && remote) brands.drop(change.resellerId);
      else if (change.kind === 'resync') brands.dropAll();
    });
    app.addHook('onClose', async () => off());
  },
  { name: 'brands', dependencies: ['services'] },
);
