export * from './jobs-migration';
export * from './job-types';
export * from './job-queue';
export * from './job-runner';
export * from './job-routes';
export * from './request-pressure';
