import { apiErrorBodySchema, memberSettingsPatchSchema, memberSettingsSchema } from '@royal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { memberOf, requireMember } from '../../plugins/session';
import { getSettings, updateSettings } from './service';

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', requireMember);
  const tags = ['settings'];
  app.get(
    '/me/settings',
    {
      schema: {
        tags,
        summary: 'Your privacy, safety and notification settings',
        response: { 200: memberSettingsSchema, 401: apiErrorBodySchema },
      },
    },
    async (request) => getSettings(app.ctx, memberOf(request).id),
  );
  app.patch(
    '/me/settings',
    {
      schema: {
        tags,
        summary: 'Change some of your settings',
        body: memberSettingsPatchSchema,
        response: { 200: memberSettingsSchema, 400: apiErrorBodySchema, 401: apiErrorBodySchema },
      },
    },
    async (request) => updateSettings(app.ctx, memberOf(request).id, request.body),
  );
};
