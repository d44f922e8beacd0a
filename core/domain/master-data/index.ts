export * from './downtime.ts';
export * from './equipment.ts';
export * from './people.ts';
export * from './username-skeleton.ts';
