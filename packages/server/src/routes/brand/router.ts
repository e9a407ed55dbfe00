import {
  notFound,
  proRequired,
  readReportBrand,
  reportBrandLogo,
  saveReportBrand,
} from '@mapsmith/app';
import type { AppContext } from '../../context.js';
import { HttpResult } from '../../http/http-result.js';
import type { RouteTable } from '../../http/operation-route.js';

/**
 * The brand of the user's client reports (issue 29 point 3): read by anyone signed in, saved
 * on Pro (the route table's `pro` access), the logo served back as the image it was checked to
 * be, with its own type, `nosniff` and no script.
 */
export function brandRoutes(ctx: AppContext): RouteTable {
  return {
    'brand.get': (_input, { user }) => readReportBrand(ctx.db, user.id),
    'brand.update': {
      notPro: () => proRequired('Reports in your own brand (name, colour and logo)'),
      handle: (input, { user }) => saveReportBrand(ctx.db, user.id, input),
    },
    'brand.logo': async (_input, { user }) => {
      const logo = await reportBrandLogo(ctx.db, user.id);
      if (!logo) throw notFound('You have not uploaded a logo.');
      return HttpResult.write(
        {
          'Content-Type': logo.type,
          'X-Content-Type-Options': 'nosniff',
          'Content-Security-Policy': "default-src 'none'; sandbox",
          'Cache-Control': 'private, no-store',
        },
        (res) => {
          res.end(Buffer.from(logo.bytes));
        },
      );
    },
  };
}
