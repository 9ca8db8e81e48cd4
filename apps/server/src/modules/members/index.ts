// The members module's public surface: other modules import from here, never from its files.

export {
  coarseDistanceSql,
  coarsePointSql,
  type GeoBox,
  type GeoParam,
  reachBox,
  reachOf,
  withinMilesSql,
  withinReachSql,
} from './distance';
export {
  inNearOrder,
  isPastNearKey,
  NEAR_WALK_START,
  type NearKey,
  nearDegreesSql,
  nearKeyAfter,
  nearKeySchema,
  pastNearKeySql,
  planeDegrees,
} from './near-walk';
export {
  isAboveTier,
  listedForTier,
  matchedWith,
  noBlockBetween,
  notBlockedWith,
  notSuspended,
  reachableBy,
  type VisibilityViewer,
  visibleTo,
} from './policy';
export {
  distanceFrom,
  type MemberCardRow,
  photoSizesFor,
  presentLockedCard,
  presentMemberCard,
  presentMemberOrTeaser,
  type ViewerContext,
} from './presenter';
export {
  loadPhotos,
  locationSharingColumn,
  memberCardColumns,
  notSwipedBy,
  openMatchIdWith,
  type PhotoRef,
  selectList,
} from './queries';
