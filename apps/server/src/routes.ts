import type { FastifyInstance } from 'fastify';
import type { AppConfig } from './config';
import { accountDeletionRoutes } from './modules/account-deletion/routes';
import { adminAnalyticsRoutes } from './modules/admin-analytics/routes';
import { adminEnforcementRoutes, enforcementAppealRoutes } from './modules/admin-enforcement/routes';
import { adminMemberRoutes } from './modules/admin-members/routes';
import { adminQueueRoutes } from './modules/admin-queues/routes';
import { adminSummaryRoutes } from './modules/admin-summary/routes';
import { auditRoutes } from './modules/audit/routes';
import { adminAuthRoutes } from './modules/auth/admin-routes';
import { authEmailRoutes } from './modules/auth/email-routes';
import { authRoutes } from './modules/auth/routes';
import { secondFactorRoutes, sessionRoutes } from './modules/auth/security-routes';
import { billingRoutes } from './modules/billing/routes';
import { dataExportRoutes } from './modules/data-export/routes';
import { datePlanRoutes } from './modules/date-plans/routes';
import { dateWatchRoutes } from './modules/date-plans/watch-routes';
import { devRoutes, devToolRoutes } from './modules/dev/routes';
import { discoveryRoutes } from './modules/discovery/routes';
import { eventDoorRoutes } from './modules/events/door-routes';
import { eventPhotoRoutes } from './modules/events/event-photo-routes';
import { eventRoutes } from './modules/events/routes';
import { healthRoutes } from './modules/health/routes';
import { interestRoutes } from './modules/interests/routes';
import { landingRoutes } from './modules/landing/routes';
import { meRoutes } from './modules/me/routes';
import { memberRoutes } from './modules/members/routes';
import { messagingRoutes } from './modules/messaging/routes';
import type { AppMetrics } from './modules/metrics';
import { metricsRoutes } from './modules/metrics/routes';
import { moderationRoutes } from './modules/moderation/routes';
import { notificationRoutes } from './modules/notifications/routes';
import { photoRoutes } from './modules/photos/routes';
import { profileRoutes } from './modules/profile/routes';
import { pushRoutes } from './modules/push/routes';
import { realtimeRoutes } from './modules/realtime/routes';
import { safetyRoutes } from './modules/safety/routes';
import { searchRoutes } from './modules/search/routes';
import { settingsRoutes } from './modules/settings/routes';
import { supportRoutes } from './modules/support/routes';
import { verificationRoutes } from './modules/verification/routes';
import { waitlistRoutes } from './modules/waitlist/routes';
import { walletRoutes } from './modules/wallet/routes';
import { webhookRoutes } from './modules/webhooks/routes';

/**
 * Every feature's HTTP and WebSocket routes, registered under /api. The one place that sees them
 * all: a feature's public index.ts exports what other features may call, never its routes, so no
 * feature reaches another's handlers (the dependency check, .dependency-cruiser.cjs, holds it).
 */
export async function registerApiRoutes(api: FastifyInstance, config: AppConfig) {
  await api.register(healthRoutes);
  await api.register(landingRoutes);
  await api.register(authRoutes, { prefix: '/auth' });
  await api.register(authEmailRoutes, { prefix: '/auth' });
  await api.register(secondFactorRoutes, { prefix: '/auth' });
  await api.register(sessionRoutes, { prefix: '/me' });
  await api.register(adminAnalyticsRoutes);
  await api.register(adminAuthRoutes);
  await api.register(adminMemberRoutes);
  await api.register(adminEnforcementRoutes);
  await api.register(enforcementAppealRoutes, { prefix: '/auth' });
  await api.register(auditRoutes);
  await api.register(meRoutes);
  await api.register(settingsRoutes);
  await api.register(pushRoutes);
  await api.register(notificationRoutes);
  await api.register(photoRoutes);
  await api.register(profileRoutes);
  await api.register(moderationRoutes);
  await api.register(adminQueueRoutes);
  await api.register(adminSummaryRoutes);
  if (config.demoMode) await api.register(devRoutes);
  await api.register(devToolRoutes);
  await api.register(discoveryRoutes);
  await api.register(interestRoutes);
  await api.register(safetyRoutes);
  await api.register(supportRoutes);
  await api.register(dataExportRoutes);
  await api.register(accountDeletionRoutes);
  await api.register(memberRoutes);
  await api.register(messagingRoutes);
  await api.register(datePlanRoutes);
  await api.register(dateWatchRoutes);
  await api.register(realtimeRoutes);
  await api.register(searchRoutes);
  await api.register(walletRoutes);
  await api.register(billingRoutes);
  await api.register(webhookRoutes);
  await api.register(verificationRoutes);
  await api.register(waitlistRoutes);
  await api.register(eventRoutes);
  await api.register(eventDoorRoutes);
  await api.register(eventPhotoRoutes);
}

/** The operator's routes, outside /api: GET /metrics (modules/metrics, decision 066). */
export async function registerOperatorRoutes(app: FastifyInstance, metrics: AppMetrics) {
  await app.register(metricsRoutes(metrics));
}
