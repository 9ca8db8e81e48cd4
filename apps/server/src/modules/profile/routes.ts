import { apiErrorBodySchema, meSchema, onboardingBodySchema, profileUpdateSchema } from '@royal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../plugins/access';
import { completeOnboarding, updateProfile } from './service';

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['profile'];

  app.post(
    '/me/onboarding',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary:
          'Finish onboarding: name, I am, date of birth, city, looking for, a bio (a first photo must be uploaded)',
        body: onboardingBodySchema,
        response: {
          200: meSchema,
          400: apiErrorBodySchema.describe(
            'VALIDATION_FAILED: a field (a bio under BIO_MIN), too young, or no photo yet',
          ),
          401: apiErrorBodySchema,
          409: apiErrorBodySchema.describe('Already onboarded'),
        },
      },
    },
    async (request) => completeOnboarding(app.ctx, { actor: actorOf(request), input: request.body }),
  );

  app.patch(
    '/me/profile',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Save Edit Profile: any subset of its fields (verified, tier and age are not writable)',
        body: profileUpdateSchema,
        response: { 200: meSchema, 400: apiErrorBodySchema, 401: apiErrorBodySchema },
      },
    },
    async (request) => updateProfile(app.ctx, { actor: actorOf(request), input: request.body }),
  );
};
