import { apiPaths, clientConfigResponseSchema } from '@um/contract';
import type { AppContext, ZodApp } from '../app-context.js';

/** What the web app needs at run time and must not have baked into its build. */
export function clientConfigRoutes(app: ZodApp, { config }: AppContext): void {
  app.get(
    apiPaths.config,
    {
      schema: {
        tags: ['config'],
        operationId: 'getClientConfig',
        summary: 'Run-time settings for the web app',
        response: { 200: clientConfigResponseSchema },
      },
    },
    async () => ({
      google_client_id: config.google.clientId,
      school_name: config.schoolName,
      oidc_name: config.oidc?.name ?? null,
    }),
  );
}
