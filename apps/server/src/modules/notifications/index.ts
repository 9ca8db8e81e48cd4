// The notifications module's public surface.

export { actorPhoto } from './presenter';
export {
  announceNotification,
  announceNotifications,
  listNotifications,
  markNoticeRead,
  type NewNotification,
  notify,
  visibleActorPhoto,
} from './service';
