export * from './downtime.ts';
export * from './equipment.ts';
export * from './people.ts';
export * from './notification-configs.ts';
export * from './username-skeleton.ts';
