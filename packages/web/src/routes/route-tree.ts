import { rootRoute } from './__root';
import { aboutRoute } from './about';
import { apiDocsRoute } from './api-docs';
import { bulkRoute } from './bulk';
import { bulkDetailRoute } from './bulk-detail';
import { confirmEmailRoute } from './confirm-email';
import { contactRoute } from './contact';
import { crawlRoute } from './crawl';
import { crawlsRoute } from './crawls';
import { dashboardRoute } from './dashboard';
import { forgotPasswordRoute } from './forgot-password';
import { howToRoute } from './how-to';
import { howToIndexRoute } from './how-to-index';
import { indexRoute } from './index';
import { loginRoute } from './login';
import { pricingRoute } from './pricing';
import { privacyRoute } from './privacy';
import { resetPasswordRoute } from './reset-password';
import { schedulesRoute } from './schedules';
import { signupRoute } from './signup';
import { subscribeRoute } from './subscribe';
import { supportRoute } from './support';
import { termsRoute } from './terms';

/** Every route of the app (spec §2), one file each. */
export const routeTree = rootRoute.addChildren([
  indexRoute,
  loginRoute,
  signupRoute,
  forgotPasswordRoute,
  resetPasswordRoute,
  confirmEmailRoute,
  dashboardRoute,
  crawlsRoute,
  crawlRoute,
  subscribeRoute,
  pricingRoute,
  aboutRoute,
  apiDocsRoute,
  supportRoute,
  contactRoute,
  privacyRoute,
  termsRoute,
  howToIndexRoute,
  howToRoute,
  bulkRoute,
  bulkDetailRoute,
  schedulesRoute,
]);
