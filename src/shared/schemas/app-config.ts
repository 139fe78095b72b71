import { z } from 'zod';

/** GET /api/v1/config/ (public): what the client needs to know about this server. */
export const appConfig = z.object({
  version: z.string(),
  environment: z.enum(['production', 'development', 'test']),
  /** Admins see the impersonation button only where the server allows it. */
  impersonation_enabled: z.boolean(),
  stripe_publishable_key: z.string().nullable(),
  /** An SMTP server is set; without one e-mails are only written to the server's mail folder, not sent. */
  mail_server: z.boolean(),
});
export type AppConfig = z.infer<typeof appConfig>;
