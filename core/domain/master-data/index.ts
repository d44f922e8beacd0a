export * from './downtime.ts';
export * from './equipment.ts';
