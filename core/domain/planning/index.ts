/**
 * The planning functions, as one module: what workers/planner.worker.ts exposes to the page.
 * Pure and synchronous; the worker only moves the heavy ones off the main thread.
 */
export {
  canRecomputeArrivals,
  estimatedTripSeconds,
  findThroughputRule,
  recomputeArrivals,
  roundTravelSeconds,
  stopDurationMinutes,
  travelSecondsBetween,
  travelTimeIndex,
  travelTimeKey,
  tripTotalSeconds,
} from './stop-times.ts';
export type { DurationStop, LoadingRule, RecomputedArrivals, TimedStop, TravelIndex, TripStop } from './stop-times.ts';
export {
  COMPLETENESS_RULES,
  canPublish,
  completenessOfDrafts,
  completenessOptions,
  draftCompleteness,
  publishSelection,
} from './completeness.ts';
export type { CompletenessOptions, CompletenessResult, CompletenessRule, CompletenessStop } from './completeness.ts';
export {
  applyMergedStopOrder,
  canMerge,
  MERGE_MAX_STOPS,
  MERGE_MIN_DRAFTS,
  markMergedSources,
  mergeDrafts,
  mergedMetadata,
  mergeStopKey,
  SALMONELLA_RESULTS,
  unmergeDrafts,
} from './merge.ts';
export type {
  MergedDraft,
  MergeRefusal,
  MergeSource,
  MergeStop,
  SalmonellaResult,
  UnmergeRefusal,
  UnmergeResult,
} from './merge.ts';
export {
  CASCADE_DEFAULT_INTERVAL,
  CASCADE_INTERVALS,
  CASCADE_MIN_DRAFTS,
  CASCADE_OFFSET_STEP,
  cascadeBasisLocations,
  cascadeDrafts,
  cascadeEligibility,
  cascadeOptionsError,
} from './cascade.ts';
export type {
  CascadeDraft,
  CascadeIneligibility,
  CascadeInterval,
  CascadeOptions,
  CascadeOptionsError,
  CascadeStop,
} from './cascade.ts';
export { bulkModifyWindows, defaultWindow } from './stop-windows.ts';
export type { BulkWindowsError, BulkWindowsOptions, StopWindow, WindowStop } from './stop-windows.ts';
export {
  applyResourcesToAll,
  canCalculateSchedule,
  isMonotone,
  NO_RESOURCE_CHOICE,
  reorderDrafts,
  reorderStops,
  scheduleDrafts,
  scheduleLegPairs,
  withLoadDate,
} from './bulk-schedule.ts';
export type {
  ResourceChoice,
  ScheduleDirection,
  ScheduleDraft,
  ScheduleOptions,
  ScheduleResult,
  ScheduleStop,
} from './bulk-schedule.ts';
export {
  BULK_ENTRY_CELL_LENGTH,
  BULK_ENTRY_DAYS,
  BULK_WEEK_OPTION_COUNT,
  canPreviewProjections,
  entryGridTotal,
  isPastDay,
  parseEntryCell,
  openEntryDays,
  projectionConfigs,
  validateProjectionConfig,
  weekOptions,
} from './projections.ts';
export type { BulkCreateConfig, ProjectionConfigError, WeekOption } from './projections.ts';
export {
  CONFLICT_RESOURCES,
  conflictFinder,
  conflictsByLoad,
  loadBusySpan,
  loadBusyWindow,
  loadConflicts,
  loadedStopsByCargoType,
  peakWeightOnBoard,
} from './conflicts.ts';
export type {
  ConflictFinder,
  ConflictLoad,
  ConflictResource,
  ConflictResources,
  ConflictStop,
  LoadConflict,
  LoadConflictKind,
} from './conflicts.ts';
export { DISTRIBUTION_MODES, distributeCards } from './distribution.ts';
export type {
  Distribution,
  DistributionMode,
  PlannedDraft,
  PlannedPart,
  PlanningCard,
  TrailerProfile,
  UnplacedReason,
} from './distribution.ts';
