import { rootRoute } from './__root';
import { indexRoute } from './index';

/** Every route of the app (spec §2), one file each. */
export const routeTree = rootRoute.addChildren([indexRoute]);
