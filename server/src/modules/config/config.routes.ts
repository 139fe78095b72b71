import { appConfig } from '@shared/schemas/app-config';
import type { AppContext } from '../../context';
import type { App } from '../../types';

export function configRoutes(app: App, { config, mailer }: AppContext): void {
  app.get(
    '/api/v1/config/',
    {
      schema: {
        tags: ['config'],
        summary: 'What the client needs to know about this server',
        response: { 200: appConfig },
      },
      config: { policy: 'public' },
    },
    () => ({
      version: config.version,
      environment: config.env,
      impersonation_enabled: config.impersonationEnabled,
      stripe_publishable_key: config.stripePublishableKey,
      mail_server: mailer.delivery === 'smtp',
    }),
  );
}
