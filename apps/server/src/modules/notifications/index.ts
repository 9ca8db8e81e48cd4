// The notifications module's public surface.

export { actorPhoto } from './presenter';
export {
  announceNotification,
  announceNotifications,
  listNotifications,
  markNoticeRead,
  type NewNotification,
  notFromBlocked,
  noticeColumns,
  notify,
  visibleActorPhoto,
} from './service';
