import type { AppContext } from '../../context';
import type { App } from '../../types';
import { competitionRoutes } from './competition.routes';
import { consumableRoutes } from './consumable.routes';
import { emailTemplateRoutes } from './email-template.routes';
import { logoRoutes } from './logo.routes';
import { vecRoutes } from './vec.routes';
import { venueUserRoutes } from './venue-users.routes';

/** A venue's setup: events, tax configuration, competitions, price list, staff, e-mails, logo. */
export function venueSetupRoutes(app: App, ctx: AppContext): void {
  vecRoutes(app, ctx);
  competitionRoutes(app, ctx);
  consumableRoutes(app, ctx);
  venueUserRoutes(app, ctx);
  emailTemplateRoutes(app, ctx);
  logoRoutes(app, ctx);
}
