import { apiErrorBodySchema, memberSettingsPatchSchema, memberSettingsSchema } from '@royal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../plugins/access';
import { getSettings, updateSettings } from './service';

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['settings'];
  app.get(
    '/me/settings',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Your privacy, safety and notification settings',
        response: { 200: memberSettingsSchema, 401: apiErrorBodySchema },
      },
    },
    async (request) => getSettings(app.ctx, actorOf(request).id),
  );
  app.patch(
    '/me/settings',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Change some of your settings',
        body: memberSettingsPatchSchema,
        response: {
          200: memberSettingsSchema,
          400: apiErrorBodySchema,
          401: apiErrorBodySchema,
          403: apiErrorBodySchema,
        },
      },
    },
    async (request) => updateSettings(app.ctx, { actor: actorOf(request), patch: request.body }),
  );
};
